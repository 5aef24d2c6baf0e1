// The BEAD figures of applications (review rubric 5-7; decision 042): project cost (26), BEAD request (28), the
// project area's locations and community anchor institutions (22, filled from the area of 21), the outlay per location,
// the 100/20 plan price (70), months to deploy (74), labor certification (60), universality (23), institutions served
// (25). One SQL statement for any number of ids: the rubric reads one application, the candidate dashboard and the
// XLSX export read thousands. areaComparisons adds the lowest figures per project area (two more statements).
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { answers, applications, projectAreas, questions, sections } from '../db/schema';
import { parseCurrency } from '../../domain/validation/amounts';
import type { AreaComparison } from '../../domain/rubric';

type Reader = Pick<Db, 'select'>;

export interface BeadFigures {
  applicationId: string;
  programId: string;
  status: string;
  /** The project area/location answer (21, kept in applications.project_location). */
  projectArea: string | null;
  projectCost: number | null;       // question 26
  beadRequest: number | null;       // question 28
  unserved: number | null; underserved: number | null; cais: number | null; // from question 22 (the area's counts)
  locations: number | null;         // unserved + underserved (null when 22 gives neither)
  outlayPerLocation: number | null; // beadRequest / locations (null when locations is 0 or null)
  planPrice: number | null;         // question 70 (100/20 plan price)
  monthsToDeploy: number | null;    // question 74
  laborCertified: boolean;          // question 60 certified
  universal: boolean;               // question 23 is Yes
  /** Question 23's answer as given ('Yes', 'No'), null when unanswered. */
  universalAnswer: string | null;
  /** Question 25: community anchor institutions to be served. */
  caisServed: number | null;
}

/** The system numbers read, by what they hold. */
export const BEAD_QUESTIONS = { universal: '23', caisServed: '25', projectCost: '26', beadRequest: '28', labor: '60', planPrice: '70', months: '74' } as const;
const WANTED = Object.values(BEAD_QUESTIONS);

/**
 * Applications that no longer compete in their area: never submitted, withdrawn, cancelled or refused. The comparison
 * set of the outlay and affordability suggestions is every other application of the round in the same area.
 */
export const FINAL_STATUSES = ['DRAFT', 'CANCELLED', 'WITHDRAWN', 'REJECTED', 'NOT_REMEDIATED'] as const;

const numberOf = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return parseCurrency(v.replace(/\s/g, ''));
  return null;
};
const isCertified = (v: unknown): boolean =>
  (Array.isArray(v) && v.some((x) => typeof x === 'string' && x.trim() !== '')) || v === true || (typeof v === 'string' && v.trim() !== '');
const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The figures of one application from its row, its area's counts and its answers by system number. Pure. */
export function figuresOf(row: {
  id: string; programId: string; status: string; projectArea: string | null;
  unserved: number | null; underserved: number | null; cais: number | null; answers: Record<string, unknown>;
}): BeadFigures {
  const a = row.answers;
  const beadRequest = numberOf(a[BEAD_QUESTIONS.beadRequest]);
  const locations = row.unserved === null && row.underserved === null ? null : (row.unserved ?? 0) + (row.underserved ?? 0);
  const universalAnswer = textOf(a[BEAD_QUESTIONS.universal]);
  return {
    applicationId: row.id,
    programId: row.programId,
    status: row.status,
    projectArea: row.projectArea,
    projectCost: numberOf(a[BEAD_QUESTIONS.projectCost]),
    beadRequest,
    unserved: row.unserved,
    underserved: row.underserved,
    cais: row.cais,
    locations,
    outlayPerLocation: beadRequest !== null && locations !== null && locations > 0 ? beadRequest / locations : null,
    planPrice: numberOf(a[BEAD_QUESTIONS.planPrice]),
    monthsToDeploy: numberOf(a[BEAD_QUESTIONS.months]),
    laborCertified: isCertified(a[BEAD_QUESTIONS.labor]),
    universal: universalAnswer === 'Yes',
    universalAnswer,
    caisServed: numberOf(a[BEAD_QUESTIONS.caisServed]),
  };
}

/**
 * The figures of every given application (unknown ids are left out), in one statement. The wanted answers are read
 * once, not by a subquery per application: `answers` of the given ids and of the wanted questions (both as arrays,
 * so its unique index is probed for those pairs only), kept to each application's own programme, aggregated per
 * application as JSON and joined to the applications (decision 042 has the figures at 10,000 ids).
 */
export async function beadFigures(db: Reader, applicationIds: readonly string[]): Promise<Map<string, BeadFigures>> {
  const out = new Map<string, BeadFigures>();
  if (applicationIds.length === 0) return out;
  const ids = JSON.stringify([...new Set(applicationIds)]);
  const wanted = JSON.stringify(WANTED);
  const idList = sql`array(select jsonb_array_elements_text(${ids}::jsonb))`;
  // The questions of the wanted system numbers (of every programme: the join on sections keeps each application's own).
  const wantedQuestions = sql`array(select wq.id from questions wq where wq.system_no in (select jsonb_array_elements_text(${wanted}::jsonb)))`;
  const owner = alias(applications, 'owner');
  const beadAnswers = db
    .select({
      applicationId: answers.applicationId,
      // The answers as JSON text (drizzle's jsonb reader would turn a stored "250000" into a number; we parse ourselves).
      answers: sql<string>`jsonb_object_agg(${questions.systemNo}, ${answers.value})::text`.as('bead_answers'),
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(sections, eq(sections.id, questions.sectionId))
    .innerJoin(owner, and(eq(owner.id, answers.applicationId), eq(owner.programId, sections.programId)))
    // Both keys of answers' unique index (application_id, question_id) as arrays: the index is probed for the
    // wanted pairs only, never reading an application's other answers.
    .where(and(sql`${answers.applicationId} = any(${idList})`, sql`${answers.questionId} = any(${wantedQuestions})`))
    .groupBy(answers.applicationId)
    .as('bead');
  const rows = await db
    .select({
      id: applications.id,
      programId: applications.programId,
      status: applications.status,
      projectArea: applications.projectLocation,
      unserved: projectAreas.unservedLocationsCount,
      underserved: projectAreas.underservedLocationsCount,
      cais: projectAreas.caiCount,
      answers: beadAnswers.answers,
    })
    .from(applications)
    .leftJoin(projectAreas, sql`${projectAreas.name} = ${applications.projectLocation}`)
    .leftJoin(beadAnswers, eq(beadAnswers.applicationId, applications.id))
    .where(sql`${applications.id} = any(${idList})`);
  for (const row of rows) {
    out.set(row.id, figuresOf({
      ...row,
      unserved: row.unserved === null ? null : Number(row.unserved),
      underserved: row.underserved === null ? null : Number(row.underserved),
      cais: row.cais === null ? null : Number(row.cais),
      answers: row.answers ? (JSON.parse(row.answers) as Record<string, unknown>) : {},
    }));
  }
  return out;
}

/** The lowest outlay per location and plan price over some applications' figures (nulls skipped). Pure. */
export function lowestOf(figures: Iterable<BeadFigures>): AreaComparison {
  let lowestOutlayPerLocation: number | null = null;
  let lowestPlanPrice: number | null = null;
  let count = 0;
  for (const f of figures) {
    count += 1;
    if (f.outlayPerLocation !== null) lowestOutlayPerLocation = lowestOutlayPerLocation === null ? f.outlayPerLocation : Math.min(lowestOutlayPerLocation, f.outlayPerLocation);
    if (f.planPrice !== null) lowestPlanPrice = lowestPlanPrice === null ? f.planPrice : Math.min(lowestPlanPrice, f.planPrice);
  }
  return { lowestOutlayPerLocation, lowestPlanPrice, applications: count };
}

/**
 * Per project area of the programme, the lowest figures among its open applications (status not in FINAL_STATUSES):
 * the comparison of the outlay and affordability suggestions. Two statements whatever the number of areas.
 */
export async function areaComparisons(db: Reader, programId: string, areaNames: readonly (string | null)[]): Promise<Map<string, AreaComparison & { applicationIds: string[] }>> {
  const names = [...new Set(areaNames.filter((n): n is string => !!n))];
  const out = new Map<string, AreaComparison & { applicationIds: string[] }>();
  if (names.length === 0) return out;
  const rows = await db
    .select({ id: applications.id, area: applications.projectLocation })
    .from(applications)
    .where(sql`${applications.programId} = ${programId}
      and ${applications.projectLocation} in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))
      and ${applications.status} not in (select jsonb_array_elements_text(${JSON.stringify(FINAL_STATUSES)}::jsonb))`);
  const figures = await beadFigures(db, rows.map((r) => r.id));
  for (const name of names) {
    const ids = rows.filter((r) => r.area === name).map((r) => r.id);
    out.set(name, { ...lowestOf(ids.map((id) => figures.get(id)!).filter(Boolean)), applicationIds: ids });
  }
  return out;
}
