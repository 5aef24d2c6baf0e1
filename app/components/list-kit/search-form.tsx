import { useLocation } from '@remix-run/react';
import { Form } from '../form';
import { HiddenParams } from './hidden-params';
import { LIST_PARAMS } from '../../utils/url-state';

/** The list's search box: a GET form that keeps the filters and page size and starts again at page 1. */
export function SearchForm({ id, label, value, maxLength }: { id: string; label: string; value: string; maxLength?: number }) {
  const location = useLocation();
  return (
    <Form method="get" role="search" className="ui-inline-form">
      <HiddenParams search={location.search} omit={[LIST_PARAMS.search]} />
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} name={LIST_PARAMS.search} type="search" defaultValue={value} placeholder={label} maxLength={maxLength} className="ui-search-input" />
      <button type="submit" className="ui-btn-outline">
        Search
      </button>
    </Form>
  );
}
