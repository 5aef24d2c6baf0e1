// A project area's location counts, and the answer they fill (question 22 is filled from the area chosen in 21):
// one rule for the server's save and the form's live refresh with JavaScript (issue 9 item 9).
import { columnKey, type AnswerValue, type QuestionDef } from './questions';

export interface AreaCounts {
  name: string;
  unservedLocationsCount: number;
  underservedLocationsCount: number;
  servedLocationsCount: number;
  caiCount: number;
}

/** The counts in the order of the filled table's columns (unserved, underserved, served, community anchor institutions). */
const AREA_COUNTS = ['unservedLocationsCount', 'underservedLocationsCount', 'servedLocationsCount', 'caiCount'] as const;

export const isAreaQuestion = (q: QuestionDef) => q.additionalMetadata?.optionsFrom === 'projectAreas';
export const areaName = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The filled table of a project area (question 22): one row, keys from the column names; null without an area. */
export function areaTable(q: QuestionDef, area: AreaCounts | undefined): AnswerValue {
  if (!area) return null;
  const row: Record<string, string> = {};
  (q.tableColumns ?? []).forEach((column, i) => {
    const count = AREA_COUNTS[i];
    if (count) row[columnKey(column.name)] = String(area[count]);
  });
  return [row];
}

/** The answer of a question filled from another (additionalMetadata.filledFrom), given the answers by system number. */
export function filledAnswer(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>, areas: (name: string) => AreaCounts | undefined): AnswerValue | undefined {
  const from = q.additionalMetadata?.filledFrom;
  if (!from) return undefined;
  const name = areaName(answersBySystemNo[from]);
  return name ? areaTable(q, areas(name)) : null;
}
