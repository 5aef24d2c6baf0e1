// The state list's XLSX export (issue 12 item 9, review rubric 7; decision 045): every application matching the list's
// filters (the same query schema and WHERE as GET review/applications: api/routes/review-list.ts), read in keyset
// batches of EXPORT_BATCH rows in the list's order, each batch's BEAD figures (api/services/bead-figures.ts), review
// summaries (summariesOf) and rubric totals read for the batch at once, and written row by row into exceljs's streamed
// workbook. Between batches the writer waits while the response is full, so memory holds about one batch whatever
// the number of rows or the speed of the client. The columns are the caller's (domain/exports.ts exportColumnsSeen,
// decision 092): the rubric total and a stage's review figures only for those who may see them, else no column at all.
import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { applications, organizations, programs, rubricScores } from '../db/schema';
import { reviewListFilters, stateVisible, type ReviewListQuery } from '../routes/review-list';
import { beadFigures } from './bead-figures';
import { summariesOf } from './reviews';
import type { Program } from './application-content';
import { EXPORT_NUMBER_FORMATS, excelDay, exportColumnsSeen, type ApplicationExportKey, type ApplicationExportRow } from '../../domain/exports';
import type { RoleName } from '../../domain/roles';
import { formatListDate } from '../../domain/dates';
import { statusLabel } from '../../domain/statuses';

export const EXPORT_BATCH = 500;

/** The list's filters without its page: what the export takes. */
export type ApplicationExportQuery = Omit<ReviewListQuery, 'page' | 'limit'>;

/** Who asks: every application the state sees, or (a reviewer) those assigned to them; their roles decide the columns. */
export interface ExportScope {
  assignedOnly: boolean;
  reviewerId: string;
  roles: readonly RoleName[];
}

interface ListedRow {
  id: string;
  status: string;
  projectLocation: string | null;
  technologyType: string | null;
  createdAt: Date;
  submittedAt: Date | null;
  /** submitted_at as PostgreSQL's text (microseconds kept), the keyset cursor. */
  cursorAt: string | null;
  programId: string;
  organizationName: string;
  programName: string;
}

/**
 * The keyset of the list's order (submitted_at desc nulls last, id desc) in two runs: the dated rows after the cursor,
 * as a row comparison the state list's index (submitted_at desc, id desc) reads in order, then the undated ones by id.
 */
function after(phase: 'dated' | 'undated', cursor: { at: string | null; id: string } | null): SQL {
  if (phase === 'dated') {
    const dated = sql`${applications.submittedAt} is not null`;
    return cursor?.at ? sql`${dated} and (${applications.submittedAt}, ${applications.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : dated;
  }
  const undated = sql`${applications.submittedAt} is null`;
  return cursor && cursor.at === null ? sql`${undated} and ${applications.id} < ${cursor.id}` : undated;
}

/** The matching applications, EXPORT_BATCH at a time, in the list's order (newest submitted first). */
export async function* matchingApplications(ctx: ApiContext, q: ApplicationExportQuery, scope: ExportScope, batch = EXPORT_BATCH): AsyncGenerator<ListedRow[]> {
  const filters = reviewListFilters({ ...q, page: 1, limit: batch });
  const values = { ...filters.values, ...(scope.assignedOnly ? { reviewerId: scope.reviewerId } : {}) };
  for (const phase of ['dated', 'undated'] as const) {
    let cursor: { at: string | null; id: string } | null = null;
    for (;;) {
      const rows: ListedRow[] = await ctx.db
        .select({
          id: applications.id,
          status: applications.status,
          projectLocation: applications.projectLocation,
          technologyType: applications.technologyType,
          createdAt: applications.createdAt,
          submittedAt: applications.submittedAt,
          cursorAt: sql<string | null>`${applications.submittedAt}::text`,
          programId: applications.programId,
          organizationName: organizations.legalName,
          programName: programs.name,
        })
        .from(applications)
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .innerJoin(programs, eq(programs.id, applications.programId))
        .where(and(stateVisible(scope.assignedOnly), ...filters.where, after(phase, cursor)))
        .orderBy(sql`${applications.submittedAt} desc nulls last`, sql`${applications.id} desc`)
        .limit(batch)
        .execute(values);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.cursorAt, id: last.id };
    }
  }
}

/** A calendar day cell (New York's day, as the lists show it), or empty. */
const dayCell = (value: Date | null) => (value ? excelDay(formatListDate(value)) : null);

/**
 * The workbook rows of one batch: its figures, review summaries and rubric totals read for the whole batch, each row
 * holding only the `shown` columns (the rubric is not read when its column is left out).
 */
export async function exportRows(
  ctx: ApiContext, rows: readonly ListedRow[], programCache: Map<string, Program>, shown: ReadonlySet<ApplicationExportKey>,
): Promise<Partial<ApplicationExportRow>[]> {
  const ids = rows.map((r) => r.id);
  const [figures, summaries, rubric] = await Promise.all([
    beadFigures(ctx.db, ids),
    summariesOf(ctx, rows, programCache),
    shown.has('rubricTotal')
      ? ctx.db
        .select({ applicationId: rubricScores.applicationId, total: rubricScores.totalScore })
        .from(rubricScores)
        .where(and(inArray(rubricScores.applicationId, ids), isNull(rubricScores.deletedAt)))
      : [],
  ]);
  const totals = new Map(rubric.map((r) => [r.applicationId, r.total]));
  return rows.map((row) => {
    const f = figures.get(row.id);
    const stages = summaries.get(row.id)?.stages ?? [];
    const gating = stages.find((s) => s.stage === 'GATING');
    const technical = stages.find((s) => s.stage === 'TECHNICAL');
    const full: ApplicationExportRow = {
      id: row.id,
      organization: row.organizationName,
      program: row.programName,
      status: statusLabel(row.status),
      projectLocation: row.projectLocation,
      technology: row.technologyType,
      createdAt: dayCell(row.createdAt),
      submittedAt: dayCell(row.submittedAt),
      projectCost: f?.projectCost ?? null,
      beadRequest: f?.beadRequest ?? null,
      locations: f?.locations ?? null,
      outlayPerLocation: f?.outlayPerLocation === null || f?.outlayPerLocation === undefined ? null : Math.round(f.outlayPerLocation * 100) / 100,
      // A stage nobody has marked yet is left empty rather than shown as zeros.
      gatingPass: gating && gating.overallPassFail.total > 0 ? gating.overallPassFail.passCount : null,
      gatingFail: gating && gating.overallPassFail.total > 0 ? gating.overallPassFail.failCount : null,
      technicalPercentage: technical && technical.overallScore.possible > 0 ? technical.overallScore.percentage : null,
      rubricTotal: totals.get(row.id) ?? null,
    };
    return Object.fromEntries(Object.entries(full).filter(([key]) => shown.has(key as ApplicationExportKey))) as Partial<ApplicationExportRow>;
  });
}

/** The client went away mid-download (nothing to report to anyone). */
export class DownloadAbandoned extends Error {
  constructor() {
    super('The client closed the download');
  }
}

/** Waits while `pipe` holds a full buffer (its reader is slower than the database); stops when `out` closes early. */
async function room(pipe: PassThrough, out: Writable) {
  while (pipe.writableNeedDrain) {
    if (out.destroyed) throw new DownloadAbandoned();
    const done = new AbortController();
    try {
      await Promise.race([once(pipe, 'drain', { signal: done.signal }), once(out, 'close', { signal: done.signal })]);
    } finally {
      done.abort();
    }
  }
  if (out.destroyed) throw new DownloadAbandoned();
}

/**
 * Streams the workbook of every matching application into `out` (the HTTP response): one sheet, the header row bold
 * and frozen, numbers as numbers, money as dollars, days as dates. Resolves when the workbook is written.
 */
export async function writeApplicationsWorkbook(ctx: ApiContext, out: Writable, q: ApplicationExportQuery, scope: ExportScope): Promise<{ rows: number }> {
  const pipe = new PassThrough();
  pipe.pipe(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pipe, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Broadband Grants Portal';
  const sheet = workbook.addWorksheet('Applications', { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = exportColumnsSeen(scope.roles, { assignedOnly: scope.assignedOnly });
  const shown = new Set<ApplicationExportKey>(columns.map((c) => c.key));
  sheet.columns = columns.map((c) => ({
    header: c.header, key: c.key, width: c.width, style: EXPORT_NUMBER_FORMATS[c.kind] ? { numFmt: EXPORT_NUMBER_FORMATS[c.kind] } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  let count = 0;
  const programCache = new Map<string, Program>();
  for await (const batch of matchingApplications(ctx, q, scope)) {
    for (const row of await exportRows(ctx, batch, programCache, shown)) {
      sheet.addRow(row).commit();
      count += 1;
    }
    await room(pipe, out);
  }
  sheet.commit();
  await workbook.commit();
  return { rows: count };
}
