// What the review screen's loader and action hand its components (type-only).
import type { ActionId, ActionNeeds } from '../../../domain/workflow';
import type { MoveValues } from '../../components/move-fields';

/** A question of the step shown, its answer written for a person. `level`: the dotted number's depth (20px each). */
export type AnswerView = { id: string; systemNo: string; text: string; level: number | null } & (
  | { kind: 'header' }
  | { kind: 'text'; answer: string | null }
  | { kind: 'file'; fileName: string; href: string }
  | { kind: 'table'; columns: string[]; rows: string[][]; totals: string[] | null }
);

/** An action of the menu: its spec 4 label, what its confirmation asks for, the status it moves to (when fixed). */
export interface ActionView {
  id: ActionId;
  label: string;
  needs: ActionNeeds;
  target: string | null;
}

/**
 * A refused action: the dialog or panel opens again with what was typed and the messages, by field. When its dialog
 * is no longer offered (the application moved on: a 409; or the action was never the caller's: a 403), the page
 * says it above everything else, with the status now (issue 41).
 */
export interface ReviewActionResult {
  actionId: ActionId;
  values: MoveValues;
  errors: Record<string, string>;
  message: string;
  /** The API answered 409: the application changed under the page. */
  conflict: boolean;
}
