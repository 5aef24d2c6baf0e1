// Browser helpers for inputs that show a formatted value (spec 5: phone (xxx) xxx-xxxx, zip 12345-6789,
// amounts grouped) and for the live totals of a table. The server renders the same formats without them.
import { useEffect, useState, type FormEvent } from 'react';
import { columnKey, type AnswerValue, type TableColumn, type TableRow } from '../../domain/questions';
import { isSummedColumn, tableTotals } from '../../domain/format';
import { cellName } from './question-form';

/**
 * Rewrites a digit-based input ('6085' → '(608) 5') with the caret kept after the same number of
 * digits, so typing or deleting in the middle does not jump to the end.
 */
export function reformatDigits(el: HTMLInputElement, format: (typed: string) => string) {
  const next = format(el.value);
  if (next === el.value) return;
  const focused = el.ownerDocument.activeElement === el;
  const caret = el.selectionStart ?? el.value.length;
  const digitsBefore = el.value.slice(0, caret).replace(/\D/g, '').length;
  el.value = next;
  if (!focused) return;
  let position = 0;
  for (let seen = 0; position < next.length && seen < digitsBefore; position++) if (/\d/.test(next[position]!)) seen++;
  el.setSelectionRange(position, position);
}

/** Rewrites an input with its display format (on blur: amounts are not reformatted while typed). */
export function reformat(el: HTMLInputElement, format: (text: string) => string) {
  const next = format(el.value);
  if (next !== el.value) el.value = next;
}

/**
 * A table's totals row: from the answer on the server and in the first render, then, with
 * JavaScript, recomputed from the cells as they are typed (the inputs stay uncontrolled). Null
 * when the table has no totals.
 */
export function useTableTotals(opts: {
  questionId: string;
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  enabled: boolean;
  /** The answer the rows come from: new data from the server resets the live totals. */
  value: AnswerValue | undefined;
}) {
  const { questionId, columns, rows, value } = opts;
  const enabled = opts.enabled && columns.some(isSummedColumn);
  const [live, setLive] = useState<(string | null)[] | null>(null);
  useEffect(() => setLive(null), [value]);
  const onInput = (event: FormEvent<HTMLElement>) => {
    if (!enabled) return;
    const root = event.currentTarget;
    const cell = (row: number, key: string) =>
      root.querySelector<HTMLInputElement>(`[name="${CSS.escape(cellName(questionId, row, key))}"]`)?.value ?? '';
    const summed = columns.filter(isSummedColumn).map((c) => columnKey(c.name));
    setLive(tableTotals(columns, rows.map((_, r) => Object.fromEntries(summed.map((key) => [key, cell(r, key)])))));
  };
  return { totals: enabled ? live ?? tableTotals(columns, rows) : null, onInput };
}
