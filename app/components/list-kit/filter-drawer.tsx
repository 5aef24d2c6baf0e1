import type { ReactNode } from 'react';
import { Form, Link, useLocation } from '@remix-run/react';
import { Button, HStack } from '@chakra-ui/react';
import { UrlDialog } from '../url-dialog';
import { Presence } from '../motion';
import { HiddenParams } from './hidden-params';
import { closeDialogs, LIST_PARAMS, withParams } from '../../utils/url-state';

/** The link that opens the filter drawer (?filters=open), a plain GET (decision 004). */
export function FilterDrawerLink() {
  const location = useLocation();
  return (
    <Link to={withParams(location.search, { filters: 'open' })} preventScrollReset aria-haspopup="dialog" className="ui-btn-outline">
      Filter
    </Link>
  );
}

/**
 * The filter drawer: a URL-state dialog (open while the URL says ?filters=open) holding a GET form of the given
 * filter fields. Apply keeps the rest of the URL state (search, page size) and starts again at page 1; Reset drops
 * just these filters. With motion loaded (after hydration) it slides in from the right and fades out.
 */
export function FilterDrawer({ open, fields, children }: { open: boolean; fields: readonly string[]; children: ReactNode }) {
  return (
    <Presence from="right" className="ui-drawer-layer">
      {open ? [{ key: 'filters', node: <DrawerPanel fields={fields}>{children}</DrawerPanel> }] : []}
    </Presence>
  );
}

function DrawerPanel({ fields, children }: { fields: readonly string[]; children: ReactNode }) {
  const location = useLocation();
  const reset = Object.fromEntries([...fields, LIST_PARAMS.page].map((name) => [name, null]));
  return (
    <UrlDialog id="filters" title="Filters" closeTo={closeDialogs(location.search)} placement="right" width="24rem">
      <Form method="get">
        <HiddenParams search={location.search} omit={fields} />
        {children}
        <HStack justify="flex-end" gap={3}>
          <Button asChild variant="outline">
            <Link to={closeDialogs(withParams(location.search, reset))}>Reset</Link>
          </Button>
          <Button type="submit" colorPalette="brand">
            Apply
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}
