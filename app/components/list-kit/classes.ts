// The list kit's look as build-time classes (decision 015): the table, its rows, cells, status tags and row
// actions, the chips, the pager and the kit's buttons are plain elements with these classes, compiled once by
// scripts/build-styles.ts (through app/styles/static-classes.ts) into the cached chakra-global.css, so a list
// page writes no style of its own into the HTML however many rows it has. Written in Chakra's style language;
// a recipe class looks exactly like the Chakra component with those variants.
import type { StaticRule } from '../../styles/static-classes';
import { STATUS_PALETTES } from '../status-badge';

const tag = (palette: string) => ({ bg: `${palette}.100`, color: `${palette}.900` });

export const LIST_KIT_CLASSES: Record<string, StaticRule> = {
  // The table: Chakra's table recipe, size sm, variant line, in a bordered rounded frame.
  'ui-table-frame': { bg: 'bg', borderWidth: '1px', borderRadius: 'lg', overflowX: 'auto' },
  'ui-table': {
    fontVariantNumeric: 'lining-nums tabular-nums', borderCollapse: 'collapse', width: 'full', textAlign: 'start', verticalAlign: 'top', textStyle: 'sm',
    '& th, & td': { px: 2, py: 2, textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border' },
    '& th': { fontWeight: 'medium', color: 'fg', whiteSpace: 'nowrap' },
    '& tbody tr': { bg: 'bg' },
    '& td.nowrap': { whiteSpace: 'nowrap' },
    '& td.empty': { textAlign: 'center', py: 8, color: 'fg.muted' },
    '& .row-link': { textDecoration: 'underline', fontWeight: 600 },
    '& .row-actions': { display: 'flex', gap: 3, flexWrap: 'wrap', fontSize: 'sm' },
    '& .row-actions a, & .row-actions button': { textDecoration: 'underline', color: 'inherit', cursor: 'pointer' },
    '& .row-actions form': { display: 'inline' },
  },
  // A status badge as a plain span (Chakra's badge recipe, size sm, rounded, the spec's colours).
  'ui-status-tag': {
    display: 'inline-flex', alignItems: 'center', gap: 1, minH: 5, textStyle: 'xs', fontVariantNumeric: 'tabular-nums',
    borderRadius: 'full', px: 2.5, py: 0.5, fontWeight: 'medium', whiteSpace: 'nowrap', userSelect: 'none',
    ...Object.fromEntries(STATUS_PALETTES.map((palette) => [`&[data-palette=${palette}]`, tag(palette)])),
  },
  // Applied filters.
  'ui-chips-title': { fontWeight: 'semibold', fontSize: 'sm', mb: 2 },
  'ui-chips': {
    listStyleType: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2, mb: 4,
    // No filters: nothing shown (the list stays so a leaving chip can fade out).
    '&:empty': { display: 'none' },
    '& a': { display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 1, borderRadius: 'full', bg: 'brand.muted', color: 'brand.fg', fontSize: 'sm' },
  },
  // The filter drawer's layer while it comes and goes (the dialog inside is fixed to it).
  'ui-drawer-layer': { position: 'fixed', inset: 0, zIndex: 1300 },
  // Search, rows per page, page status and Previous/Next.
  'ui-inline-form': { display: 'flex', gap: 2, alignItems: 'flex-end' },
  'ui-search-input': { recipe: 'input', variants: { size: 'md', variant: 'outline' }, style: { w: '16rem', bg: 'bg' } },
  'ui-pager': {
    display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 4, mt: 4,
    '&[data-sizes=false]': { justifyContent: 'flex-end' },
    '& form': { display: 'flex', gap: 2, alignItems: 'center' },
    '& .pages': { display: 'flex', alignItems: 'center', gap: 3 },
    '& .pages > p': { fontSize: 'sm' },
  },
  'ui-btn-outline': { recipe: 'button', variants: { variant: 'outline', size: 'md' } },
  'ui-btn-outline-xs': { recipe: 'button', variants: { variant: 'outline', size: 'xs' } },
};
