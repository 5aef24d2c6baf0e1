// The candidate dashboard's URL state (app/routes/state.candidate-dashboard/list-state.ts, decision 043): what the URL
// says, what the API is asked, the chips, and the export link carrying the same filters (never the page).
import { describe, expect, it } from 'vitest';
import { exportHref, exportQuery, listChips, listQuery, readListState } from '../../app/routes/state.candidate-dashboard/list-state';

const state = (query: string) => readListState(new URL(`http://portal/state/candidate-dashboard${query}`));

describe('the candidate dashboard URL state', () => {
  it('reads the filters, ignoring what is not a past-gating status, a known technology or the band', () => {
    const s = state('?area=Pine+County&technology=Licensed+fixed+wireless&status=PASSED_TECHNICAL&band=within&q=lkv0&page=2&size=25');
    expect(s).toMatchObject({ page: 2, pageSize: 25, search: 'LKV0', filters: { area: 'Pine County', technology: 'Licensed fixed wireless', status: 'PASSED_TECHNICAL', band: 'within' } });
    expect(state('?status=GATING_REVIEW&technology=Smoke+signals&band=yes').filters).toEqual({});
  });

  it('asks the API for the same filters by its names, a page of areas', () => {
    expect(listQuery(state('?area=Pine&band=within&q=GA-X&page=3'))).toEqual({
      page: 3, limit: 10, projectLocation: 'Pine', technologyType: undefined, status: undefined, withinBand: 'true', applicationId: 'GA-X',
    });
    expect(exportQuery(state('?page=3'))).toEqual({ projectLocation: undefined, technologyType: undefined, status: undefined, withinBand: undefined, applicationId: undefined });
  });

  it('links the export with the filters and the search, never the page, the size or an open drawer', () => {
    expect(exportHref(state('?page=2&size=50&filters=open'))).toBe('/state/candidate-dashboard/export');
    expect(exportHref(state('?area=Pine+County&status=AWARDED&band=within&q=X1&page=2'))).toBe('/state/candidate-dashboard/export?area=Pine+County&status=AWARDED&band=within&q=X1');
  });

  it('shows a chip per applied filter, each removing it and going back to page 1', () => {
    const search = '?area=Pine&band=within&status=IN_NEGOTIATION&page=2';
    expect(listChips(state(search), search)).toEqual([
      { label: 'Project area: Pine', remove: '?band=within&status=IN_NEGOTIATION' },
      { label: 'Status: In Negotiation', remove: '?area=Pine&band=within' },
      { label: 'Within 15% only', remove: '?area=Pine&status=IN_NEGOTIATION' },
    ]);
  });
});
