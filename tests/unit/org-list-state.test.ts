// The org applications list's URL state (app/routes/org.applications._index/list-state.ts): what the API is
// asked for a URL, and the chips that show (and remove) what is applied.
import { describe, expect, it } from 'vitest';
import { listChips, listQuery, readListState } from '../../app/routes/org.applications._index/list-state';
import { dateRangeBounds } from '../../domain/dates';

const at = (search: string) => new URL(`http://portal.test/org/applications${search}`);

describe('org applications list state', () => {
  it('asks the API for the page, size, upper-cased id and filters in the URL', () => {
    const state = readListState(at('?page=2&size=25&q=ga-lkv&range=this-month&location=Dane%20County&status=SUBMITTED_ANY'));
    const { startDate, endDate } = dateRangeBounds('this-month');
    expect(listQuery(state)).toEqual({
      page: 2, limit: 25, applicationId: 'GA-LKV', projectLocation: 'Dane County', status: 'SUBMITTED_ANY', startDate, endDate,
    });
  });

  it('asks for the defaults when the URL says nothing usable', () => {
    expect(listQuery(readListState(at('?page=x&size=7&range=next-year&q=' + 'A'.repeat(21))))).toEqual({
      page: 1, limit: 10, applicationId: undefined, projectLocation: undefined, status: undefined, startDate: undefined, endDate: undefined,
    });
  });

  it('reads the drawer\'s "Any time" (an empty range) as no date filter, so a location alone filters by location only', () => {
    const state = readListState(at('?range=&location=Dane%20County'));
    expect(state.filters).toEqual({ location: 'Dane County' });
    expect(listQuery(state)).toMatchObject({ projectLocation: 'Dane County', startDate: undefined, endDate: undefined });
    expect(listChips(state, '?range=&location=Dane%20County').map((c) => c.label)).toEqual(['Project location: Dane County']);
  });

  it('shows one chip per applied filter; removing one keeps the others and goes back to page 1', () => {
    const search = '?page=3&q=ga-1&range=today&location=Dane&status=DRAFT';
    const chips = listChips(readListState(at(search)), search);
    expect(chips.map((c) => c.label)).toEqual(['Application ID: GA-1', 'Today', 'Project location: Dane', 'Status: Draft']);
    expect(chips[2]!.remove).toBe('?q=ga-1&range=today&status=DRAFT');
    expect(listChips(readListState(at('?status=SUBMITTED_ANY')), '?status=SUBMITTED_ANY')[0]!.label).toBe('Status: Submitted (any stage)');
  });
});
