// The candidate dashboard (review rubric 6, issue 12 item 7, decision 043): every application past gating with its
// BEAD figures (api/services/bead-figures.ts) and rubric total, ranked per project area by domain/candidates.ts, the
// filters applied, and the project areas no eligible application covers. The same few statements whatever the
// number of areas: the eligible applications (one), their figures (beadFigures: one or two), the area names (one).
// The dashboard route pages its areas; the XLSX export writes them all.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, organizations, projectAreas, rubricScores } from '../db/schema';
import { applicationIdPrefix } from '../routes/review-list';
import { beadFigures } from './bead-figures';
import {
  filterCandidates, PAST_GATING_STATUSES, rankCandidates, type AreaRanking, type CandidateFilters, type Ranked,
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
  /** The areas with at least one application the filters keep, by name. */
  areas: CandidateArea[];
  /** Project areas with no application past gating (the project area filter narrows them; the others do not apply). */
  emptyAreas: string[];
}

/** Every area of the dashboard the filters keep (the route pages them), and the uncovered areas. */
export async function candidateDashboard(db: Db, q: CandidateQuery): Promise<CandidateDashboard> {
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
  const figures = eligible.length ? await beadFigures(db, eligible.map((r) => r.applicationId)) : new Map();
  const names = await db
    .select({ name: projectAreas.name })
    .from(projectAreas)
    .where(q.projectArea === undefined ? undefined : eq(projectAreas.name, q.projectArea))
    .orderBy(asc(projectAreas.name));

  const matching = new Set<string>();
  const rows: CandidateRow[] = eligible.map(({ matches, ...row }) => {
    if (matches) matching.add(row.applicationId);
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
  const { areas, emptyAreas } = rankCandidates(rows, names.map((n) => n.name));
  return { areas: filterCandidates(areas, q, (row) => matching.has(row.applicationId)), emptyAreas };
}
