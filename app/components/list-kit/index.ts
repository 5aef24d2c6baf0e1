// The list kit (decision 015): what every list page is made of. URL state is in app/utils/url-state.ts.
export { DataTable, type Column, type DataTableProps } from './data-table';
export { FilterChips } from './filter-chips';
export { FilterDrawer, FilterDrawerLink } from './filter-drawer';
export { DateRangeField, ANY_TIME } from './date-range-field';
export { HiddenParams } from './hidden-params';
export { ListTabs, type ListTab } from './list-tabs';
export { Pager, PageSizeSelect, type PagerProps } from './pager';
export { PagedTable, type ListPage, type PagedTableProps } from './paged-table';
export { SearchForm } from './search-form';
