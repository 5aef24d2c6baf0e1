// The list kit's URL state (app/utils/url-state.ts): every list reads page, size, search, filters and sort
// from the query string, and anything malformed falls back to a default instead of an error.
import { describe, expect, it } from 'vitest';
import { closeDialogs, oneOf, pageParam, parseListState, pastLastPage, queryPairs, text, withParams, type ListSpec } from '../../app/utils/url-state';

const spec: ListSpec<'status' | 'location'> = {
  pageSizes: [10, 25, 50],
  defaultPageSize: 10,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: { status: oneOf(['DRAFT', 'SUBMITTED']), location: text(200) },
  sorts: ['createdAt'],
};

describe('parseListState', () => {
  it('reads page, size, search, filters and sort', () => {
    expect(parseListState('?page=3&size=25&q=%20bg-1%20&status=DRAFT&location=Dane&sort=-createdAt', spec)).toEqual({
      page: 3,
      pageSize: 25,
      search: 'BG-1',
      filters: { status: 'DRAFT', location: 'Dane' },
      sort: '-createdAt',
    });
  });

  it('falls back to the defaults on malformed values', () => {
    expect(parseListState('?page=-2&size=13&q=' + 'x'.repeat(21) + '&status=NOPE&location=%20%20&sort=password', spec)).toEqual({
      page: 1,
      pageSize: 10,
      search: '',
      filters: {},
      sort: null,
    });
    expect(parseListState('?page=1.5&size=abc', spec)).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('ignores a free-text filter longer than its limit instead of cutting it', () => {
    expect(parseListState(`?location=${'a'.repeat(201)}`, spec).filters).toEqual({});
  });
});

describe('withParams, closeDialogs, pageParam', () => {
  it('changes and drops parameters, keeping the rest', () => {
    expect(withParams('?q=BG&page=2', { page: null, status: 'DRAFT' })).toBe('?q=BG&status=DRAFT');
    expect(withParams('?page=2', { page: null })).toBe('?');
  });

  it('closes every dialog and drawer, keeping the list state', () => {
    expect(closeDialogs('?q=BG&filters=open&cancel=BG-1&step=reason&delete=x&new=1')).toBe('?q=BG');
  });

  it('reads the page of a paged view', () => {
    expect(pageParam('http://portal.test/org/history?page=4')).toBe(4);
    expect(pageParam('http://portal.test/org/history?page=zero')).toBe(1);
  });
});

describe('pastLastPage (issue 9 item 10: a page past the last one is clamped)', () => {
  const at = (search: string) => `http://portal.test/org/applications${search}`;

  it('sends a page past the last one to the last page, keeping every other parameter in its order', () => {
    expect(pastLastPage(at('?q=GA&page=99&size=25&status=DRAFT'), 99, 3)).toBe('/org/applications?q=GA&page=3&size=25&status=DRAFT');
  });

  it('drops the parameter when the last page is the first, and an empty list has one page', () => {
    expect(pastLastPage(at('?page=99&range=today'), 99, 1)).toBe('/org/applications?range=today');
    expect(pastLastPage(at('?page=2'), 2, 0)).toBe('/org/applications');
  });

  it('leaves a page that exists alone', () => {
    expect(pastLastPage(at('?page=3'), 3, 3)).toBeNull();
    expect(pastLastPage(at(''), 1, 0)).toBeNull();
  });
});

describe('queryPairs: a query decoded once for the links and forms built from it', () => {
  const queries = ['', '?', '?a=1&b=2&a=3', 'q=GA+100%25&location=A%2CB', '?x=%E2%9C%93&empty=&flag', '?a=1&b=2&a=3'];

  it('reads every query as URLSearchParams does, the same one twice in a row or another between', () => {
    for (const query of [...queries, ...queries.reverse()]) {
      expect(queryPairs(query)).toEqual([...new URLSearchParams(query)]);
      expect(queryPairs(query)).toEqual([...new URLSearchParams(query)]);
    }
  });

  it('is not changed by the links built from it', () => {
    const query = '?q=GA&page=3&status=DRAFT';
    expect(withParams(query, { page: null, status: 'SUBMITTED', size: 25 })).toBe('?q=GA&status=SUBMITTED&size=25');
    expect(queryPairs(query)).toEqual([['q', 'GA'], ['page', '3'], ['status', 'DRAFT']]);
    expect(withParams(query, { q: null })).toBe('?page=3&status=DRAFT');
    expect(withParams(new URLSearchParams(query), { q: 'x' })).toBe('?q=x&page=3&status=DRAFT');
  });
});
