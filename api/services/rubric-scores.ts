// The BEAD rubric of one application (review rubric 5, issue 12 item 6; decision 042):
// - rubricSheet: the spec's Rubric score fields as saved, and per criterion its max (programs.rubric_max_points or
//   domain/rubric.ts's defaults), the server's suggestion with the figures it came from, and the saved value;
// - saveRubric: the State_Admin's scores, each 0..max, the total computed here (a client's is never read), one
//   transaction with the history entry (RUBRIC_SCORE_UPDATED: old and new value of every changed criterion).
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { badRequest, forbidden } from '../http';
import { applications, programs, rubricScores, users } from '../db/schema';
import { checkVersion, versionOf, type VersionedValue } from './edit-versions';
import { audit } from './audit';
import type { ApplicationRow } from './application-content';
import { areaComparisons, beadFigures, type BeadFigures } from './bead-figures';
import { summaryOf } from './reviews';
import {
  parsePoints, RUBRIC_CRITERIA, RUBRIC_FIELDS, RUBRIC_LABELS, rubricMaxPoints, rubricProblem, rubricTotal, suggestions,
  type AreaComparison, type RubricField, type RubricScores,
} from '../../domain/rubric';

export const RUBRIC_STATE_ADMIN_ONLY = 'Only the State Admin can score the rubric.';

type RubricRow = typeof rubricScores.$inferSelect;

export interface RubricCriterionSheet {
  field: RubricField;
  label: string;
  max: number;
  /** How the suggestion is computed, in words. */
  how: string;
  suggestion: number | null;
  /** The numbers the suggestion came from, or why there is none. */
  basis: string;
  saved: number | null;
}

/** The spec's Rubric score (section 3) plus the sheet: what GET answers and PUT answers after saving. */
export interface RubricSheet {
  id: string | null;
  applicationId: string;
  technologyType: string | null;
  scoringContext: string | null;
  totalOutlayFundsScore: number | null;
  affordabilityScore: number | null;
  laborLawsComplianceScore: number | null;
  speedToDeploymentScore: number | null;
  communityGovernmentSupportScore: number | null;
  communityAnchorInstitutionsScore: number | null;
  technicalCapabilityScore: number | null;
  universalityScore: number | null;
  totalScore: number;
  lastModifiedBy: string | null;
  lastModifiedByName: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  deletedAt: Date | null;
  /** Whether a sheet was ever saved. */
  scored: boolean;
  /** Changes with every saved change to the sheet: a save sends the one it started from (decision 099). */
  version: string;
  /** The sum of the max points. */
  maxTotal: number;
  /** The sum of the suggestions given (criteria without one count 0). */
  suggestedTotal: number;
  criteria: RubricCriterionSheet[];
  figures: BeadFigures | null;
  comparison: AreaComparison;
  technicalPercentage: number | null;
}

/** The saved sheet as the version (decision 099) is made of it: each criterion and the scoring context. */
function rubricValues(row: RubricRow | null | undefined): VersionedValue[] {
  const live = row && !row.deletedAt ? row : null;
  if (!live) return [];
  return [...RUBRIC_FIELDS, 'scoringContext' as const].map((f) => ({ key: f, value: live[f], by: live.lastModifiedBy, at: live.updatedAt }));
}

async function maxOf(ctx: ApiContext, programId: string) {
  const [program] = await ctx.db.select({ rubricMaxPoints: programs.rubricMaxPoints }).from(programs).where(eq(programs.id, programId)).limit(1);
  return rubricMaxPoints(program?.rubricMaxPoints ?? null);
}

async function savedRow(ctx: ApiContext, applicationId: string): Promise<(RubricRow & { modifiedByName: string | null }) | null> {
  const [row] = await ctx.db
    .select({ r: rubricScores, firstName: users.firstName, lastName: users.lastName })
    .from(rubricScores)
    .leftJoin(users, eq(users.id, rubricScores.lastModifiedBy))
    .where(and(eq(rubricScores.applicationId, applicationId), isNull(rubricScores.deletedAt)))
    .limit(1);
  if (!row) return null;
  return { ...row.r, modifiedByName: row.firstName || row.lastName ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() : null };
}

/** The technical review percentage, null while the technical stage has no marks. */
async function technicalPercentageOf(ctx: ApiContext, app: ApplicationRow): Promise<number | null> {
  const technical = (await summaryOf(ctx, app)).stages.find((s) => s.stage === 'TECHNICAL');
  return technical && technical.markedQuestions > 0 && technical.overallScore.possible > 0 ? technical.overallScore.percentage : null;
}

export async function rubricSheet(ctx: ApiContext, app: ApplicationRow): Promise<RubricSheet> {
  const [max, row, figuresById, technicalPercentage] = await Promise.all([
    maxOf(ctx, app.programId), savedRow(ctx, app.id), beadFigures(ctx.db, [app.id]), technicalPercentageOf(ctx, app),
  ]);
  const figures = figuresById.get(app.id) ?? null;
  const area = figures?.projectArea ? (await areaComparisons(ctx.db, app.programId, [figures.projectArea])).get(figures.projectArea) : undefined;
  const comparison: AreaComparison = area
    ? { lowestOutlayPerLocation: area.lowestOutlayPerLocation, lowestPlanPrice: area.lowestPlanPrice, applications: area.applications }
    : { lowestOutlayPerLocation: null, lowestPlanPrice: null, applications: 0 };
  const suggested = figures
    ? suggestions(figures, comparison, technicalPercentage, max)
    : null;
  const saved: RubricScores = Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, row ? row[f] : null]));
  const criteria = RUBRIC_CRITERIA.map((c) => ({
    field: c.field, label: c.label, max: max[c.field], how: c.how,
    suggestion: suggested?.[c.field].value ?? null, basis: suggested?.[c.field].basis ?? 'No suggestion: the application’s answers could not be read.',
    saved: saved[c.field] ?? null,
  }));
  return {
    id: row?.id ?? null,
    applicationId: app.id,
    technologyType: row?.technologyType ?? app.technologyType,
    scoringContext: row?.scoringContext ?? null,
    ...(saved as Record<RubricField, number | null>),
    totalScore: row?.totalScore ?? 0,
    lastModifiedBy: row?.lastModifiedBy ?? null,
    lastModifiedByName: row?.modifiedByName ?? null,
    createdAt: row?.createdAt ?? null,
    updatedAt: row?.updatedAt ?? null,
    deletedAt: row?.deletedAt ?? null,
    scored: !!row,
    version: versionOf(rubricValues(row)),
    maxTotal: rubricTotal(max),
    suggestedTotal: rubricTotal(Object.fromEntries(criteria.map((c) => [c.field, c.suggestion]))),
    criteria,
    figures,
    comparison,
    technicalPercentage,
  };
}

export interface RubricInput extends Partial<Record<RubricField, unknown>> {
  scoringContext?: string | null;
  /** The sheet's version the save started from (decision 099); without it the save is not checked. */
  version?: string;
}

/**
 * Saves the State_Admin's scores: a criterion left out keeps its saved value, null clears it. Every value is checked
 * against its max first (400 naming each field, nothing saved); the total is computed from the result.
 */
export async function saveRubric(ctx: ApiContext, app: ApplicationRow, userId: string, roles: readonly string[], input: RubricInput): Promise<{ changed: RubricField[] }> {
  if (!roles.includes('State_Admin')) throw forbidden(RUBRIC_STATE_ADMIN_ONLY);
  const max = await maxOf(ctx, app.programId);
  const errors: Record<string, string[]> = {};
  for (const field of RUBRIC_FIELDS) {
    if (!(field in input)) continue;
    const problem = rubricProblem(field, input[field], max[field]);
    if (problem) errors[field] = [problem];
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0]!, errors);

  return ctx.db.transaction(async (tx) => {
    // The application's row held until commit: even the first sheet (no row of its own to lock yet) is saved once.
    await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, app.id)).for('update');
    const [before] = await tx.select().from(rubricScores).where(eq(rubricScores.applicationId, app.id)).for('update').limit(1);
    await checkVersion(tx, input.version, rubricValues(before));
    const live = before && !before.deletedAt ? before : null;
    const next = Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, f in input ? parsePoints(input[f]) : (live?.[f] ?? null)])) as Record<RubricField, number | null>;
    const changed = RUBRIC_FIELDS.filter((f) => (live?.[f] ?? null) !== next[f]);
    const context = input.scoringContext === undefined ? (live?.scoringContext ?? null) : (input.scoringContext?.trim() || null);
    if (live && changed.length === 0 && context === live.scoringContext) return { changed };
    const totalScore = rubricTotal(next);
    const now = new Date();
    const values = { ...next, totalScore, technologyType: app.technologyType, scoringContext: context, lastModifiedBy: userId, updatedAt: now, deletedAt: null };
    await tx.insert(rubricScores).values({ applicationId: app.id, ...values })
      .onConflictDoUpdate({ target: rubricScores.applicationId, set: values });
    await audit(tx, {
      action: 'RUBRIC_SCORE_UPDATED', entity: 'rubric', userId, applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status,
      details: {
        changes: changed.map((f) => ({ field: f, label: RUBRIC_LABELS[f], from: live?.[f] ?? null, to: next[f] })),
        totalFrom: live?.totalScore ?? null, totalTo: totalScore,
      },
    });
    return { changed };
  });
}
