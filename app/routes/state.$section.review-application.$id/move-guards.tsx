// Why Passed Gating / Passed Technical would be refused now (review rubric 4; decision 041): the API's own message
// (the review detail's `moveGuards`, from domain/consensus-guards.ts, the same the executor answers with 409), shown
// beside the action menu and in the action's confirmation, so the State_Admin reads it before posting. Posted
// anyway, the 409 comes back as the confirmation's error (action-dialog.tsx).
import { workflowAction, type ActionId } from '../../../domain/workflow';

/** The refusals of the guarded actions the caller may take, by action id (only those that would be refused). */
export type MoveGuardView = Partial<Record<ActionId, string>>;

/** From the detail's moveGuards: drops the actions that would pass (null). */
export function moveGuardView(guards: Partial<Record<ActionId, string | null>> | undefined): MoveGuardView {
  return Object.fromEntries(Object.entries(guards ?? {}).filter(([, message]) => !!message)) as MoveGuardView;
}

/** Beside the action menu: each guarded action that would be refused, with the reason. */
export function MoveGuardNotes({ guards }: { guards: MoveGuardView }) {
  const entries = Object.entries(guards) as [ActionId, string][];
  if (entries.length === 0) return null;
  return (
    <div className="ui-note" data-testid="move-guards" role="note" aria-label="Consensus outcomes not possible yet">
      <p>Not possible yet</p>
      {entries.map(([id, message]) => (
        <p key={id} data-action={id}>
          <strong>{workflowAction(id).label}:</strong> {message}
        </p>
      ))}
    </div>
  );
}

/** In the action's confirmation: why it will be refused if confirmed now. */
export function MoveGuardNote({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="ui-alert" data-tone="info" role="note" data-testid="move-guard">
      {message}
    </div>
  );
}
