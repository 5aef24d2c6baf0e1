// The state's two streamed downloads (issue 12 item 9, review rubric 7; decision 045), their pure parts: the
// workbook's columns (the state list's export) and the ZIP's names (an application's attachments). Pure: shared by
// the API's writers (api/services/applications-export.ts, api/services/attachments-zip.ts) and their tests.
import { readsRubric, seesStageSummary } from './review-sight';
import type { RoleName } from './roles';

/** How a column's cells are written: text, a whole number, a number with one decimal, money, a calendar day. */
export type ExportCellKind = 'text' | 'integer' | 'decimal' | 'percent' | 'money' | 'date';

export interface ExportColumn<K extends string = string> {
  key: K;
  header: string;
  kind: ExportCellKind;
  width: number;
}

/** Review rubric 7's columns of `all-applications/export`, in order. */
export const APPLICATION_EXPORT_COLUMNS = [
  { key: 'id', header: 'Application ID', kind: 'text', width: 14 },
  { key: 'organization', header: 'Organization', kind: 'text', width: 36 },
  { key: 'program', header: 'Program', kind: 'text', width: 30 },
  { key: 'status', header: 'Status', kind: 'text', width: 28 },
  { key: 'projectLocation', header: 'Project location', kind: 'text', width: 24 },
  { key: 'technology', header: 'Technology', kind: 'text', width: 28 },
  { key: 'createdAt', header: 'Created', kind: 'date', width: 12 },
  { key: 'submittedAt', header: 'Submitted', kind: 'date', width: 12 },
  { key: 'projectCost', header: 'Project cost (26)', kind: 'money', width: 18 },
  { key: 'beadRequest', header: 'BEAD request (28)', kind: 'money', width: 18 },
  { key: 'locations', header: 'Locations (unserved + underserved)', kind: 'integer', width: 14 },
  { key: 'outlayPerLocation', header: 'BEAD outlay per location', kind: 'money', width: 16 },
  { key: 'gatingPass', header: 'Gating: questions passed', kind: 'integer', width: 12 },
  { key: 'gatingFail', header: 'Gating: questions failed', kind: 'integer', width: 12 },
  { key: 'technicalPercentage', header: 'Technical score %', kind: 'percent', width: 12 },
  { key: 'rubricTotal', header: 'Rubric total', kind: 'decimal', width: 12 },
] as const satisfies readonly ExportColumn[];

export type ApplicationExportKey = (typeof APPLICATION_EXPORT_COLUMNS)[number]['key'];
export type ApplicationExportColumn = (typeof APPLICATION_EXPORT_COLUMNS)[number];

/**
 * The columns a caller's workbook has (decision 092): a column of review data the caller may not see is left out, not
 * left empty. The rubric total: those who read the rubric (`readsRubric`; `assignedOnly`: the workbook lists only the
 * caller's assignments); a stage's summary columns: those with a sight on the stage (`seesStageSummary`).
 */
export function exportColumnsSeen(roles: readonly RoleName[], opts: { assignedOnly: boolean }): ApplicationExportColumn[] {
  const rubric = readsRubric(roles, { assigned: opts.assignedOnly });
  const gating = seesStageSummary(roles, 'GATING');
  const technical = seesStageSummary(roles, 'TECHNICAL');
  return APPLICATION_EXPORT_COLUMNS.filter((c) => {
    if (c.key === 'rubricTotal') return rubric;
    if (c.key === 'gatingPass' || c.key === 'gatingFail') return gating;
    if (c.key === 'technicalPercentage') return technical;
    return true;
  });
}
/** One row of the workbook: text, numbers and days as they are written (null: an empty cell). */
export type ApplicationExportRow = Record<ApplicationExportKey, string | number | Date | null>;

/** Excel number formats per kind (money in dollars and cents, days as the lists show them). */
export const EXPORT_NUMBER_FORMATS: Record<ExportCellKind, string | undefined> = {
  text: undefined,
  integer: '#,##0',
  decimal: '0.##',
  percent: '0.0',
  money: '"$"#,##0.00',
  date: 'mm-dd-yyyy',
};

/** 'applications-2026-11-25.xlsx': the day (yyyy-MM-dd, New York) the export was made. */
export const applicationsExportFileName = (day: string) => `applications-${day}.xlsx`;

/** 'GA-LKV002-attachments.zip'. */
export const attachmentsFileName = (applicationId: string) => `${applicationId}-attachments.zip`;

/** The calendar day 'MM-dd-yyyy' (a list date) as a date-only cell value (midnight UTC, which Excel shows as that day). */
export function excelDay(listDate: string): Date | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(listDate);
  return match ? new Date(Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]))) : null;
}

/** A name safe in a ZIP path on every system: no folder separators, control or reserved characters; never empty or a dot name. */
export function safeEntryName(name: string, fallback = 'file'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned || fallback;
}

/** '01 Entity Information': the section's place in the form (from 1) and its name, so the folders sort as the form does. */
export const sectionFolder = (position: number, name: string) => `${String(position).padStart(2, '0')} ${safeEntryName(name, 'Section')}`;

/**
 * `name` made unique among `taken` (case-insensitively, as Windows and macOS folders are): 'plan.pdf', then
 * 'plan (2).pdf', 'plan (3).pdf'. The chosen name is added to `taken`.
 */
export function uniqueEntryName(taken: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
