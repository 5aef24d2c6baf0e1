// The candidate dashboard's ranking (domain/candidates.ts; review rubric 6, decision 043): past gating, rank by
// lowest outlay per location, the within-15% band, ties, one applicant, zero locations, areas with no application.
import { describe, expect, it } from 'vitest';
import { filterCandidates, inBand, isPastGating, PAST_GATING_STATUSES, rankArea, rankCandidates } from '../../domain/candidates';

const app = (applicationId: string, projectArea: string | null, outlayPerLocation: number | null, extra: Partial<{ technologyType: string | null; status: string }> = {}) => ({
  applicationId, projectArea, outlayPerLocation, technologyType: 'Fiber to the premises' as string | null, status: 'PASSED_GATING', ...extra,
});

describe('past gating', () => {
  it('is PASSED_GATING and every status after it on the way to an award, nothing that left the running', () => {
    expect(PAST_GATING_STATUSES).toEqual([
      'PASSED_GATING',
      'TECHNICAL_REVIEW', 'TECHNICAL_AWAITING_STATE_CONSENSUS', 'TECHNICAL_IN_STATE_CONSENSUS', 'PASSED_TECHNICAL',
      'STATE_REVIEW', 'STATE_AWAITING_STATE_CONSENSUS', 'STATE_IN_STATE_CONSENSUS', 'PASSED_STATE',
      'IN_NEGOTIATION', 'AWARDED',
    ]);
    for (const s of ['DRAFT', 'SUBMITTED', 'RESUBMITTED', 'GATING_REVIEW', 'GATING_IN_STATE_CONSENSUS', 'REVISION_NEEDED', 'NOT_REMEDIATED', 'REJECTED', 'WITHDRAWN', 'CANCELLED']) {
      expect(isPastGating(s), s).toBe(false);
    }
    expect(isPastGating('PASSED_TECHNICAL')).toBe(true);
  });
});

describe('the band', () => {
  it('holds outlays up to the lowest × 1.15, the boundary included, despite floating point', () => {
    expect(100 * 1.15).toBeLessThan(115); // why inBand does not compare with lowest * 1.15
    expect(inBand(115, 100)).toBe(true);
    expect(inBand(115.01, 100)).toBe(false);
    expect(inBand(4577, 3980)).toBe(true); // 3980 × 1.15 = 4577
    expect(inBand(4577.01, 3980)).toBe(false);
    expect(inBand(1000 / 3 * 1.15, 1000 / 3)).toBe(true);
    expect(inBand(null, 100)).toBe(false);
    expect(inBand(100, null)).toBe(false);
  });
});

describe('ranking one area', () => {
  it('ranks by lowest outlay, flags the band, and lists an application without an outlay last, unranked', () => {
    const ranked = rankArea([app('GA-C', 'A', 4210), app('GA-Z', 'A', null), app('GA-A', 'A', 3980), app('GA-B', 'A', 5000)]);
    expect(ranked.lowestOutlay).toBe(3980);
    expect(ranked.bandLimit).toBeCloseTo(4577, 6);
    expect(ranked.applications.map((r) => [r.applicationId, r.rank, r.withinBand])).toEqual([
      ['GA-A', 1, true], ['GA-C', 2, true], ['GA-B', 3, false], ['GA-Z', null, false],
    ]);
  });

  it('gives ties the same rank (1, 1, 3), ordered by id, and both in the band', () => {
    const ranked = rankArea([app('GA-B', 'A', 200), app('GA-A', 'A', 200), app('GA-C', 'A', 230), app('GA-D', 'A', 231)]);
    expect(ranked.applications.map((r) => [r.applicationId, r.rank, r.withinBand])).toEqual([
      ['GA-A', 1, true], ['GA-B', 1, true], ['GA-C', 3, true], ['GA-D', 4, false],
    ]);
  });

  it('makes a single applicant the lowest, rank 1, in the band', () => {
    const ranked = rankArea([app('GA-A', 'A', 9999.5)]);
    expect(ranked.lowestOutlay).toBe(9999.5);
    expect(ranked.applications).toMatchObject([{ applicationId: 'GA-A', rank: 1, withinBand: true }]);
  });

  it('has no lowest and flags nothing when no application has an outlay (zero locations)', () => {
    const ranked = rankArea([app('GA-B', 'A', null), app('GA-A', 'A', null)]);
    expect(ranked.lowestOutlay).toBeNull();
    expect(ranked.bandLimit).toBeNull();
    expect(ranked.applications.map((r) => [r.applicationId, r.rank, r.withinBand])).toEqual([['GA-A', null, false], ['GA-B', null, false]]);
  });
});

describe('every area', () => {
  it('groups by area (by name, no area last) and lists the project areas no application covers', () => {
    const { areas, emptyAreas } = rankCandidates(
      [app('GA-1', 'Pine', 10), app('GA-2', 'Ash', 30), app('GA-3', null, 5), app('GA-4', 'Ash', 20)],
      ['Pine', 'Oak', 'Ash', 'Birch', 'Oak'],
    );
    expect(areas.map((a) => [a.projectArea, a.applications.map((r) => `${r.applicationId}:${r.rank}`)])).toEqual([
      ['Ash', ['GA-4:1', 'GA-2:2']], ['Pine', ['GA-1:1']], [null, ['GA-3:1']],
    ]);
    expect(emptyAreas).toEqual(['Birch', 'Oak']);
  });

  it('lists every project area when there is no eligible application at all', () => {
    expect(rankCandidates([], ['B', 'A'])).toEqual({ areas: [], emptyAreas: ['A', 'B'] });
  });
});

describe('filters', () => {
  const { areas } = rankCandidates([
    app('GA-1', 'Ash', 100), app('GA-2', 'Ash', 110, { technologyType: 'Licensed fixed wireless', status: 'PASSED_TECHNICAL' }), app('GA-3', 'Ash', 200),
    app('GA-4', 'Pine', 50, { status: 'AWARDED' }),
  ], []);

  it('choose the rows shown, never the ranks or the band (those are the whole area\'s)', () => {
    const wireless = filterCandidates(areas, { technologyType: 'Licensed fixed wireless' });
    expect(wireless).toHaveLength(1);
    expect(wireless[0]!.applications).toMatchObject([{ applicationId: 'GA-2', rank: 2, withinBand: true }]);
    expect(wireless[0]!.lowestOutlay).toBe(100);
  });

  it('keep only the band, one area, some statuses, an id search; areas left empty are dropped', () => {
    expect(filterCandidates(areas, { withinBandOnly: true }).map((a) => [a.projectArea, a.applications.map((r) => r.applicationId)])).toEqual([
      ['Ash', ['GA-1', 'GA-2']], ['Pine', ['GA-4']],
    ]);
    expect(filterCandidates(areas, { projectArea: 'Pine' }).map((a) => a.projectArea)).toEqual(['Pine']);
    expect(filterCandidates(areas, { statuses: ['AWARDED'] }).map((a) => a.projectArea)).toEqual(['Pine']);
    expect(filterCandidates(areas, {}, (row) => row.applicationId === 'GA-3')[0]!.applications).toMatchObject([{ applicationId: 'GA-3', rank: 3, withinBand: false }]);
    expect(filterCandidates(areas, { projectArea: 'Oak' })).toEqual([]);
  });
});
