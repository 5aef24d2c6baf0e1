// The candidate dashboard (review rubric 6, issue 12 item 7, decision 043): every application past gating with its
// BEAD figures (api/services/bead-figures.ts) and rubric total, ranked per project area by domain/candidates.ts, the
// filters applied, and the project areas no eligible application covers. The same few statements whatever the
// number of areas: the eligible applications (one), their figures (beadFigures: one), the area names (one).
// The dashboard pages its areas: which areas have a row is known before the figures (every filter but the band is on
// the application itself), so only the page's areas have their figures read; the band filter and the export read all.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, organizations, projectAreas, rubricScores } from '../db/schema';
import { applicationIdPrefix } from '../routes/review-list';
import { beadFigures } from './bead-figures';
import {
  compareAreas, filterCandidates, PAST_GATING_STATUSES, rankCandidates, rowFilter, type AreaRanking, type CandidateFilters, type Ranked,
} from '../../domain/candidates';

export interface CandidateQuery extends CandidateFilters {
  /** A prefix of the application id, with or without its GA- (as the state list's search). */
  applicationId?: string;
}

/** An eligible application as the dashboard shows it. */
export interface CandidateRow {
  applicationId: string;
  projectArea: string | null;
  organizationName: string;
  status: string;
  technologyType: string | null;
  beadRequest: number | null;
  unserved: number | null;
  underserved: number | null;
  /** unserved + underserved (null when question 22 gives neither). */
  locations: number | null;
  outlayPerLocation: number | null;
  /** rubric_scores.total_score; null when not scored. */
  rubricTotal: number | null;
}

export type RankedCandidate = Ranked<CandidateRow>;
export type CandidateArea = AreaRanking<CandidateRow>;

export interface CandidateDashboard {
  /** The areas with at least one application the filters keep, by name (this page's when paged). */
  areas: CandidateArea[];
  /** How many areas and applications the filters keep over every page. */
  totalAreas: number;
  totalApplications: number;
  /** Project areas with no application past gating (the project area filter narrows them; the others do not apply). */
  emptyAreas: string[];
}

/** The areas of the dashboard the filters keep (one page of them, or all without `page`), and the uncovered areas. */
export async function candidateDashboard(db: Db, q: CandidateQuery, page?: { page: number; limit: number }): Promise<CandidateDashboard> {
  const where: SQL[] = [inArray(applications.status, [...PAST_GATING_STATUSES])];
  // The area filter narrows the statement (ranks are per area, so nothing another area holds changes them).
  if (q.projectArea !== undefined) where.push(eq(applications.projectLocation, q.projectArea));
  const search = q.applicationId ? applicationIdPrefix(q.applicationId) : null;
  const eligible = await db
    .select({
      applicationId: applications.id,
      projectArea: applications.projectLocation,
      organizationName: organizations.legalName,
      status: applications.status,
      technologyType: applications.technologyType,
      rubricTotal: rubricScores.totalScore,
      matches: search === null ? sql<boolean>`true` : sql<boolean>`${applications.id} like ${search}`,
    })
    .from(applications)
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .leftJoin(rubricScores, and(eq(rubricScores.applicationId, applications.id), isNull(rubricScores.deletedAt)))
    .where(and(...where));
  const matching = new Set(eligible.filter((r) => r.matches).map((r) => r.applicationId));
  const matches = (row: { applicationId: string }) => matching.has(row.applicationId);
  // Without the band filter, the page's areas are those (in order) where a row passes the other filters; their rows
  // (all of them: ranks are the whole area's) are the only ones whose figures are needed.
  let pageAreas: Set<string | null> | null = null;
  let counted: { totalAreas: number; totalApplications: number } | null = null;
  if (page && !q.withinBandOnly) {
    const kept = eligible.filter(rowFilter<(typeof eligible)[number]>(q, matches));
    const areaKeys = [...new Set(kept.map((r) => r.projectArea))].sort(compareAreas);
    pageAreas = new Set(areaKeys.slice((page.page - 1) * page.limit, page.page * page.limit));
    counted = { totalAreas: areaKeys.length, totalApplications: kept.length };
  }
  const ranked = pageAreas ? eligible.filter((r) => pageAreas.has(r.projectArea)) : eligible;
  const figures = ranked.length ? await beadFigures(db, ranked.map((r) => r.applicationId)) : new Map();
  const names = await db
    .select({ name: projectAreas.name })
    .from(projectAreas)
    .where(q.projectArea === undefined ? undefined : eq(projectAreas.name, q.projectArea))
    .orderBy(asc(projectAreas.name));

  const rows: CandidateRow[] = ranked.map(({ matches: _matches, ...row }) => {
    const f = figures.get(row.applicationId);
    return {
      ...row,
      rubricTotal: row.rubricTotal ?? null,
      beadRequest: f?.beadRequest ?? null,
      unserved: f?.unserved ?? null,
      underserved: f?.underserved ?? null,
      locations: f?.locations ?? null,
      outlayPerLocation: f?.outlayPerLocation ?? null,
    };
  });
  const ranking = rankCandidates(rows, names.map((n) => n.name));
  // The uncovered areas are those with no eligible application at all (not only none on this page).
  const covered = new Set(eligible.map((r) => r.projectArea));
  const emptyAreas = names.map((n) => n.name).filter((name) => !covered.has(name)).sort(compareAreas);
  const areas = filterCandidates(ranking.areas, q, matches);
  if (counted) return { areas, ...counted, emptyAreas };
  const totalApplications = areas.reduce((n, a) => n + a.applications.length, 0);
  if (!page) return { areas, totalAreas: areas.length, totalApplications, emptyAreas };
  return { areas: areas.slice((page.page - 1) * page.limit, page.page * page.limit), totalAreas: areas.length, totalApplications, emptyAreas };
}
