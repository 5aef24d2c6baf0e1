import type { ReactNode } from 'react';
import { useLocation } from '@remix-run/react';
import { Form } from '../form';
import { Link } from '../link';
import { UrlDialog } from '../url-dialog';
import { Presence } from '../motion';
import { HiddenParams } from './hidden-params';
import { closeDialogs, LIST_PARAMS, withParams } from '../../utils/url-state';

/** The drawer's id: its link names it as the fragment, so a text browser lands on it (issue 9 item 18). */
const DRAWER_ID = 'filters';

/** The link that opens the filter drawer (?filters=open#filters), a plain GET (decision 004). */
export function FilterDrawerLink() {
  const location = useLocation();
  return (
    <Link to={`${withParams(location.search, { filters: 'open' })}#${DRAWER_ID}`} preventScrollReset aria-haspopup="dialog" className="ui-btn-outline">
      Filter
    </Link>
  );
}

/**
 * The filter drawer: a URL-state dialog (open while the URL says ?filters=open) holding a GET form of the given
 * filter fields. Apply keeps the rest of the URL state (search, page size) and starts again at page 1; Reset drops
 * just these filters. With motion loaded (after hydration) it slides in from the right and fades out. A page
 * renders it before its list, so it is read first without JavaScript. Plain elements, kit classes.
 */
export function FilterDrawer({ open, fields, children }: { open: boolean; fields: readonly string[]; children: ReactNode }) {
  return (
    <Presence from="right" className="ui-dialog-layer">
      {open ? [{ key: 'filters', node: <DrawerPanel fields={fields}>{children}</DrawerPanel> }] : []}
    </Presence>
  );
}

function DrawerPanel({ fields, children }: { fields: readonly string[]; children: ReactNode }) {
  const location = useLocation();
  const reset = Object.fromEntries([...fields, LIST_PARAMS.page].map((name) => [name, null]));
  return (
    <UrlDialog id={DRAWER_ID} title="Filters" closeTo={closeDialogs(location.search)} placement="right">
      <Form method="get">
        <HiddenParams search={location.search} omit={fields} />
        {children}
        <div className="ui-actions">
          <Link to={closeDialogs(withParams(location.search, reset))} className="ui-btn-outline">
            Reset
          </Link>
          <button type="submit" className="ui-btn">
            Apply
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
