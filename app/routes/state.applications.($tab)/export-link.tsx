// "Export to XLSX" of the state list (decision 045): a plain link to the workbook of every row the list's tab and
// filters match (all pages), carrying the URL's filters and search but not its page, page size or open drawer.
import { closeDialogs, LIST_PARAMS, withParams } from '../../utils/url-state';
import type { TabId } from './list-state';

export function exportHref(tab: TabId, search: string): string {
  const query = closeDialogs(withParams(search, { [LIST_PARAMS.page]: null, [LIST_PARAMS.pageSize]: null }));
  return `/state/applications/export${tab === 'all' ? '' : `/${tab}`}${query === '?' ? '' : query}`;
}

export function ExportLink({ tab, search, rows }: { tab: TabId; search: string; rows: number }) {
  if (rows === 0) return null;
  return (
    <a href={exportHref(tab, search)} className="ui-btn-outline" data-testid="export-xlsx" download>
      Export to XLSX
    </a>
  );
}
