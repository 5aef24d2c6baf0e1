import { useLocation, useSubmit } from '@remix-run/react';
import { Form } from '../form';
import { Link } from '../link';
import { HiddenParams } from './hidden-params';
import { LIST_PARAMS, withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';

export interface PagerProps {
  page: number;
  totalPages: number;
  totalRecords: number;
  /** What a record is called: one, many ("application", "applications"). */
  noun: readonly [string, string];
  /** The navigation landmark's name. */
  label?: string;
  /** The rows-per-page choice, when the list offers one. */
  pageSize?: { size: number; sizes: readonly number[] };
}

/** Under a list: rows per page, "Page x of y (n records)", Previous and Next; every control a plain GET. */
export function Pager({ page, totalPages, totalRecords, noun, label = 'Pages', pageSize }: PagerProps) {
  const location = useLocation();
  return (
    <nav aria-label={label} className="ui-pager" data-sizes={pageSize ? undefined : 'false'}>
      {pageSize ? <PageSizeSelect {...pageSize} /> : null}
      <div className="pages">
        <p data-testid="page-status">
          Page {page} of {totalPages} ({totalRecords} {totalRecords === 1 ? noun[0] : noun[1]})
        </p>
        {page > 1 ? (
          <Link to={withParams(location.search, { [LIST_PARAMS.page]: page - 1 })} className="ui-btn-outline-sm">
            Previous
          </Link>
        ) : null}
        {page < totalPages ? (
          <Link to={withParams(location.search, { [LIST_PARAMS.page]: page + 1 })} className="ui-btn-outline-sm">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * Rows per page: changes on select with JavaScript; the Apply button submits the GET form, and stays with JavaScript
 * too (a form has a submit button, WCAG H32; decision 025).
 */
export function PageSizeSelect({ size, sizes }: { size: number; sizes: readonly number[] }) {
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get">
      <HiddenParams search={location.search} omit={[LIST_PARAMS.pageSize]} />
      <label htmlFor="page-size">Rows per page</label>
      <select
        id="page-size"
        name={LIST_PARAMS.pageSize}
        defaultValue={size}
        onChange={(e) => hydrated && submit(e.currentTarget.form)}
        className="ui-select-sm"
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button type="submit" className="ui-btn-outline-xs">
        Apply
      </button>
    </Form>
  );
}
