// The edit conflict panel (issue 43 part 1, docs/decisions/099), for any form of questions: the hidden fields every such
// form carries (the version and the answers it started from), and after a refused save (409) who saved meanwhile and
// when, and per question both sides changed both answers side by side with Keep mine / Take theirs (plain radio
// buttons: it works without JavaScript). The action reads what it writes with app/utils/edit-conflict.ts.
import { ErrorList, NoChoice, NOT_CHOSEN } from './forms';
import { choiceName, EDIT_FIELDS, type ConflictPanelState, type EditState } from '../utils/edit-conflict';
import { EDIT_CONFLICT_MSG } from '../../domain/edit-conflicts';

/** The hidden fields of the form's edit state: always inside the form. */
export function EditStateFields({ version, base, panel }: EditState) {
  return (
    <>
      <input type="hidden" name={EDIT_FIELDS.version} value={version ?? ''} />
      <input type="hidden" name={EDIT_FIELDS.base} value={JSON.stringify(base)} />
      {panel ? <input type="hidden" name={EDIT_FIELDS.pending} value={JSON.stringify(panel)} /> : null}
    </>
  );
}

/** The panel itself (inside the form, above its questions): the notice and one choice per question both sides changed. */
export function EditConflictPanel({ panel }: { panel: ConflictPanelState | null }) {
  if (!panel) return null;
  return (
    <section className="ui-alert" data-tone="info" aria-labelledby="edit-conflict-notice" data-testid="edit-conflict">
      <p id="edit-conflict-notice" role="alert">
        <strong>{panel.notice}</strong>
      </p>
      {panel.items.length > 0 ? <p>{EDIT_CONFLICT_MSG.choose}</p> : null}
      <ErrorList id="edit-conflict-error" errors={panel.error ? [panel.error] : null} />
      {panel.items.map((item) => (
        <fieldset key={item.id} className="ui-filter-group" data-testid={`edit-conflict-${item.id}`} aria-describedby={panel.error ? 'edit-conflict-error' : undefined}>
          <legend>{item.label}</legend>
          <div className="ui-grid-2">
            <div>
              <p>
                <strong>{EDIT_CONFLICT_MSG.yours}</strong>
              </p>
              <p data-testid="mine">{item.mine}</p>
            </div>
            <div>
              <p>
                <strong>{EDIT_CONFLICT_MSG.theirs}</strong>
              </p>
              <p data-testid="theirs">{item.theirs}</p>
            </div>
          </div>
          <label>
            <input type="radio" name={choiceName(item.id)} value="mine" />
            <span>{EDIT_CONFLICT_MSG.keepMine}</span>
          </label>
          <label>
            <input type="radio" name={choiceName(item.id)} value="theirs" />
            <span>{EDIT_CONFLICT_MSG.takeTheirs}</span>
          </label>
          <NoChoice name={choiceName(item.id)} label={NOT_CHOSEN} checked />
        </fieldset>
      ))}
    </section>
  );
}
