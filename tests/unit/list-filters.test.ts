// The filters of a paged list as data (api/db/filters.ts, decision 084): what each list's table of filters gives for a
// query, and the rules every list shares (a comma list of names, a day range in the portal's zone, an id search).
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { commaList, dayRangeEnd, dayRangeStart, idSearchText, listFilters, type ListFilter } from '../../api/db/filters';

type Q = { place?: string; from?: string; mine?: boolean; search?: string };
const FILTERS: readonly ListFilter<Q>[] = [
  { param: 'places', letter: 'l', where: sql`place = any($places)`, value: (q) => commaList(q.place) },
  { param: 'from', letter: 'f', where: sql`at >= $from`, value: (q) => dayRangeStart(q.from) },
  { letter: 'm', where: sql`mine`, value: (q) => q.mine },
  { letter: 'q', where: sql`id like $prefix or name ilike $text`, value: (q) => (q.search ? { prefix: `${idSearchText(q.search)}%`, text: `%${q.search}%` } : undefined) },
];

describe('listFilters', () => {
  it('gives nothing for a query that asks for no filter', () => {
    expect(listFilters({}, FILTERS)).toEqual({ shape: '', where: [], values: {} });
    expect(listFilters({ place: ' , ', mine: false, search: '' }, FILTERS)).toEqual({ shape: '', where: [], values: {} });
  });

  it("gives each asked filter's condition, placeholder values and letter, in the table's order", () => {
    const got = listFilters({ search: 'ga-1', mine: true, place: 'North, South' }, FILTERS);
    expect(got.shape).toBe('lmq');
    expect(got.where).toEqual([FILTERS[0]!.where, FILTERS[2]!.where, FILTERS[3]!.where]);
    expect(got.values).toEqual({ places: ['North', 'South'], prefix: 'GA-1%', text: '%ga-1%' });
  });
});

describe('the rules every list shares', () => {
  it('reads a comma list of names trimmed, without empty ones', () => {
    expect(commaList(undefined)).toBeUndefined();
    expect(commaList(' ,, ')).toBeUndefined();
    expect(commaList('Alderbrook County - North, Cedarvale County - Central,')).toEqual(['Alderbrook County - North', 'Cedarvale County - Central']);
  });

  it('makes a day range of whole days in the portal time zone: from the first day\'s start to the start of the day after the last', () => {
    expect(dayRangeStart(undefined)).toBeUndefined();
    expect(dayRangeEnd(undefined)).toBeUndefined();
    // The portal's zone is America/New_York (domain/constants.ts): daylight time ends on 1 November 2026.
    expect(dayRangeStart('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(dayRangeEnd('2026-11-30')).toBe('2026-12-01T05:00:00.000Z');
    expect(dayRangeEnd('2026-10-31')).toBe('2026-11-01T04:00:00.000Z');
    expect(dayRangeEnd('2026-12-31')).toBe('2027-01-01T05:00:00.000Z');
  });

  it("takes an id search as typed, upper case, without LIKE's wildcards", () => {
    expect(idSearchText(' ga-lkv_0%1\\ ')).toBe('GA-LKV01');
  });
});
