// The bulk bar of the state list (issue 10 UI 7): "With selected: [action] Continue" above the table. The bar, the
// row boxes and the table are one plain GET form to /state/applications/bulk (?action=…&id=…&back=…), whose page
// shows what would happen to each chosen application and asks for what the action needs; nothing moves before
// that page's Confirm. With JavaScript a box selects every row of the page.
import { Form } from '../../components/form';
import type { ReactNode } from 'react';
import { useHydrated } from '../../utils/use-hydrated';
import type { RowMove } from './columns';

export const BULK_PATH = '/state/applications/bulk';

/** Every row box of the form, checked or not at once. */
function SelectAll() {
  return (
    <label className="ui-select-box" data-testid="select-all">
      <input
        type="checkbox"
        onChange={(event) => {
          const form = event.currentTarget.form;
          form?.querySelectorAll<HTMLInputElement>('input[name="id"]').forEach((box) => {
            box.checked = event.currentTarget.checked;
          });
        }}
      />
      <span>Select all on this page</span>
    </label>
  );
}

export function BulkForm({ actions, back, children }: { actions: RowMove[]; back: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Form method="get" action={BULK_PATH} aria-label="Selected applications">
      <input type="hidden" name="back" value={back} />
      <div className="ui-bulk-bar" data-testid="bulk-bar">
        <div className="ui-bulk-choice">
          <div>
            <label htmlFor="bulk-action" className="ui-filter-label">
              With selected
            </label>
            <select id="bulk-action" name="action" className="ui-select-sm" defaultValue="">
              <option value="">Choose an action</option>
              {actions.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="ui-btn-outline-xs">
            Continue
          </button>
        </div>
        {hydrated ? <SelectAll /> : null}
      </div>
      {children}
    </Form>
  );
}
