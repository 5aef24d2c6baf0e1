// The candidate dashboard (review rubric 6, the Benefit of the Bargain view; issue 12 item 7; decision 043): per
// project area, every application past gating ranked by lowest BEAD outlay per location, the within-15% band
// flagged, and the areas no eligible application covers. Pure: the API ranks with it, the tests check it.
import { APPLICATION_STATUSES, type ApplicationStatus } from './statuses';
import { stageOf } from './permissions';

/**
 * "Past gating" (decision 043): PASSED_GATING and every status after it on the way to an award: the technical and
 * state stages' review, consensus and passed statuses, IN_NEGOTIATION and AWARDED. Not REVISION_NEEDED (back with
 * the applicant), NOT_REMEDIATED, REJECTED, WITHDRAWN (out of the running), nor anything before gating passed.
 */
export const PAST_GATING_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (s) => s === 'PASSED_GATING' || stageOf(s) === 'TECHNICAL' || stageOf(s) === 'STATE' || s === 'IN_NEGOTIATION' || s === 'AWARDED',
);

export function isPastGating(status: string): status is ApplicationStatus {
  return (PAST_GATING_STATUSES as readonly string[]).includes(status);
}

/** The band (June 2025 BEAD Restructuring Policy Notice): within 15% of the area's lowest outlay per location. */
export const BAND = 0.15;

export const CANDIDATE_MSG = {
  /** Why an application has no rank: an outlay per location cannot be compared. */
  noOutlay: 'No outlay per location: question 22 gives no unserved or underserved locations, or question 28 is empty',
  noArea: 'No project area',
} as const;

/** What ranking needs of an application. */
export interface CandidateFacts {
  applicationId: string;
  projectArea: string | null;
  /** BEAD request ÷ (unserved + underserved); null when there are no locations or no request. */
  outlayPerLocation: number | null;
}

export type Ranked<T extends CandidateFacts> = T & {
  /** 1 for the lowest outlay; ties share a rank (1, 1, 3); null without an outlay (listed last). */
  rank: number | null;
  /** outlay ≤ lowest × 1.15, the boundary included; false without an outlay. */
  withinBand: boolean;
};

export interface AreaRanking<T extends CandidateFacts> {
  projectArea: string | null;
  /** The area's lowest outlay per location; null when no application of it has one. */
  lowestOutlay: number | null;
  /** The highest outlay still in the band (lowest × 1.15); null with no lowest. */
  bandLimit: number | null;
  applications: Ranked<T>[];
}

/**
 * Whether an outlay lies within the band of the lowest. Compared as outlay × 100 ≤ lowest × 115 with a relative
 * tolerance, so 115 against a lowest of 100 is in (100 × 1.15 is 114.99999999999999 in floating point).
 */
export function inBand(outlay: number | null, lowest: number | null): boolean {
  if (outlay === null || lowest === null) return false;
  return outlay * 100 - lowest * (100 + BAND * 100) <= 1e-9 * Math.max(1, Math.abs(lowest));
}

/** One area's applications ranked: by outlay ascending (ties by application id), those without an outlay last. */
export function rankArea<T extends CandidateFacts>(rows: readonly T[]): { lowestOutlay: number | null; bandLimit: number | null; applications: Ranked<T>[] } {
  const sorted = [...rows].sort((a, b) => {
    if (a.outlayPerLocation === null || b.outlayPerLocation === null) {
      if (a.outlayPerLocation !== b.outlayPerLocation) return a.outlayPerLocation === null ? 1 : -1;
    } else if (a.outlayPerLocation !== b.outlayPerLocation) {
      return a.outlayPerLocation - b.outlayPerLocation;
    }
    return a.applicationId < b.applicationId ? -1 : a.applicationId > b.applicationId ? 1 : 0;
  });
  const lowest = sorted[0]?.outlayPerLocation ?? null;
  let rank = 0;
  let previous: number | null = null;
  const applications = sorted.map((row, i) => {
    if (row.outlayPerLocation === null) return { ...row, rank: null, withinBand: false };
    if (row.outlayPerLocation !== previous) rank = i + 1;
    previous = row.outlayPerLocation;
    return { ...row, rank, withinBand: inBand(row.outlayPerLocation, lowest) };
  });
  return { lowestOutlay: lowest, bandLimit: lowest === null ? null : lowest * (1 + BAND), applications };
}

/** The order of the areas: by name, an application without an area last. */
export function compareAreas(a: string | null, b: string | null): number {
  return a === null ? (b === null ? 0 : 1) : b === null ? -1 : a.localeCompare(b);
}

/**
 * Every area's ranking (areas by name, an application without an area last), and the project areas (`areaNames`,
 * the project areas table) that no eligible application covers. `rows` are the eligible (past gating) applications.
 */
export function rankCandidates<T extends CandidateFacts>(rows: readonly T[], areaNames: readonly string[]): { areas: AreaRanking<T>[]; emptyAreas: string[] } {
  const byArea = new Map<string | null, T[]>();
  for (const row of rows) byArea.set(row.projectArea, [...(byArea.get(row.projectArea) ?? []), row]);
  const areas = [...byArea.entries()]
    .sort(([a], [b]) => compareAreas(a, b))
    .map(([projectArea, members]) => ({ projectArea, ...rankArea(members) }));
  const emptyAreas = [...new Set(areaNames)].filter((name) => !byArea.has(name)).sort((a, b) => a.localeCompare(b));
  return { areas, emptyAreas };
}

export interface CandidateFilters {
  /** One project area. */
  projectArea?: string;
  technologyType?: string;
  /** Some of the past-gating statuses. */
  statuses?: readonly string[];
  /** Only the applications within the band. */
  withinBandOnly?: boolean;
}

/**
 * The rows the filters keep, ranks and band unchanged (they are the whole area's: a filter chooses what is shown,
 * not who is compared); areas left with no row are dropped. `matches` is the application id search's answer per row.
 */
export function filterCandidates<T extends CandidateFacts & { technologyType: string | null; status: string }>(
  areas: readonly AreaRanking<T>[], filters: CandidateFilters, matches: (row: T) => boolean = () => true,
): AreaRanking<T>[] {
  const keeps = rowFilter(filters, matches);
  return areas
    .filter((area) => filters.projectArea === undefined || area.projectArea === filters.projectArea)
    .map((area) => ({ ...area, applications: area.applications.filter((row) => keeps(row) && (!filters.withinBandOnly || row.withinBand)) }))
    .filter((area) => area.applications.length > 0);
}

/** Whether a row passes the filters that need no ranking (all but the band). */
export function rowFilter<T extends { projectArea: string | null; technologyType: string | null; status: string }>(
  filters: CandidateFilters, matches: (row: T) => boolean = () => true,
): (row: T) => boolean {
  return (row) =>
    (filters.projectArea === undefined || row.projectArea === filters.projectArea)
    && (filters.technologyType === undefined || row.technologyType === filters.technologyType)
    && (filters.statuses === undefined || filters.statuses.includes(row.status))
    && matches(row);
}
