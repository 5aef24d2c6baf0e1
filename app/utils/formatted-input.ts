// Browser helpers for inputs that filter and format what is typed (spec 5: phone (xxx) xxx-xxxx, number, amounts
// grouped with a leading minus, zip 12345-6789, dates MM/DD/YYYY, table Alphanumeric and ApplicationNumber cells;
// the rules themselves are domain/typed-input.ts) and for the live totals of a table. The server renders the same
// formats, and checks every save, without them.
//
// Each input event is filtered synchronously, in its own handler, from the input's value as the browser left it:
// the next key the browser handles already sees the formatted value. (The filters used to load in their own chunk
// on the first focus: the keys typed meanwhile piled up unfiltered and the formatted length's maxlength cut them,
// '12a345-67x89' ended as '12345-67'; issue 41 item 11.) The zip's own message still loads on demand (loadTyping).
import { useEffect, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { applyTyped, TYPING_HINT, type TypedKind } from '../../domain/typed-input';
import { columnKey, type AnswerValue, type TableColumn, type TableRow } from '../../domain/questions';
import { isSummedColumn, tableTotals } from '../../domain/format';
import { cellName } from './question-form';

// The zip input's message (domain/input.ts zipInputError) is fetched when it is first needed, in its own chunk: it
// brings the validation messages, which no first paint needs (issue 8, first-load budget).
type Typing = typeof import('./typing-kit');
let loadingTyping: Promise<Typing> | null = null;
export function loadTyping(): Promise<Typing> {
  loadingTyping ??= import('./typing-kit').catch((error: unknown) => {
    loadingTyping = null; // tried again next time
    throw error;
  });
  return loadingTyping;
}

/** Each filtering input's value before the event being handled (set on focus and after each filter). */
const previous = new WeakMap<HTMLInputElement, string>();
const clearing = new WeakMap<HTMLElement, number>();

/**
 * Says politely, in the field's own live region (named by its data-typing-status and tied to it by
 * aria-describedby), why what was typed was not taken. The text is cleared first so the same message is
 * announced again on the next refused key, and cleared after a few seconds so it is not read as the field's
 * description for ever. Written to the DOM directly: no React render, so focus and caret stay put.
 */
function announce(el: HTMLInputElement, message: string) {
  const region = el.dataset.typingStatus ? el.ownerDocument.getElementById(el.dataset.typingStatus) : null;
  if (!region) return;
  window.clearTimeout(clearing.get(region));
  region.textContent = '';
  window.setTimeout(() => {
    region.textContent = message;
    clearing.set(region, window.setTimeout(() => (region.textContent = ''), 5000));
  }, 50);
}

/**
 * Applies spec 5's input rule of `kind` to what was just typed or pasted into `el` (its input event, handled at
 * once): the filtered, formatted value, the caret after the same characters as before, and a polite word when a
 * character was refused, then `then` with the value. The server checks every save in any case (without
 * JavaScript nothing filters).
 */
export function filterInput(el: HTMLInputElement, kind: TypedKind, then?: (value: string) => void) {
  const before = previous.get(el) ?? el.defaultValue;
  const focused = el.ownerDocument.activeElement === el;
  const result = applyTyped(kind, el.value, el.selectionStart ?? el.value.length, before);
  if (result.value !== el.value) {
    el.value = result.value;
    if (focused) el.setSelectionRange(result.caret, result.caret);
  }
  previous.set(el, result.value);
  if (result.refused) announce(el, TYPING_HINT[kind]);
  then?.(el.value);
}

/**
 * The props of an input that filters as it is typed: its live region's id, the value before each input, and
 * the filter before `onValue` sees the value. Spread them last (they own onFocus and onChange). Used through
 * components/filtered-input.tsx, which also leaves the length to the filter.
 */
export function typedInputProps(kind: TypedKind, statusId: string, onValue?: (value: string) => void) {
  return {
    'data-typing-status': statusId,
    onFocus: (e: FocusEvent<HTMLInputElement>) => previous.set(e.currentTarget, e.currentTarget.value),
    onChange: (e: ChangeEvent<HTMLInputElement>) => filterInput(e.currentTarget, kind, onValue),
  };
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
