import { Form, useLocation } from '@remix-run/react';
import { Button, Input } from '@chakra-ui/react';
import { HiddenParams } from './hidden-params';
import { LIST_PARAMS } from '../../utils/url-state';

/** The list's search box: a GET form that keeps the filters and page size and starts again at page 1. */
export function SearchForm({ id, label, value, maxLength }: { id: string; label: string; value: string; maxLength?: number }) {
  const location = useLocation();
  return (
    <Form method="get" role="search" style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end' }}>
      <HiddenParams search={location.search} omit={[LIST_PARAMS.search]} />
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Input id={id} name={LIST_PARAMS.search} type="search" defaultValue={value} placeholder={label} maxLength={maxLength} w="16rem" bg="bg" />
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}
