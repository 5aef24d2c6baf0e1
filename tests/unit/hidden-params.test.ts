// The list kit's hidden fields (app/components/list-kit/hidden-params.tsx): a GET form carries the rest of the URL
// state, without its own fields, the page and the open dialog, and a name given twice once (its first value, as the
// list reads it), so no form of a shared address has two controls of one name.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HiddenParams } from '../../app/components/list-kit/hidden-params';

const carried = (search: string, omit: string[]) =>
  [...renderToStaticMarkup(h(HiddenParams, { search, omit })).matchAll(/name="([^"]*)" value="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`);

describe('HiddenParams', () => {
  it('carries the rest of the address once each, first value kept', () => {
    expect(carried('?status=SUBMITTED&q=lake&page=3&status=DRAFT&pageSize=25', ['q'])).toEqual(['status=SUBMITTED', 'pageSize=25']);
  });
});
