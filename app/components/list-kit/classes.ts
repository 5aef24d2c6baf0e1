// The list kit's look as build-time classes (decision 015): the table, its rows, cells, status tags and row
// actions, the chips, the pager and the kit's buttons are plain elements with these classes, compiled once by
// scripts/build-styles.ts (through app/styles/static-classes.ts) into the cached chakra-global.css, so a list
// page writes no style of its own into the HTML however many rows it has. Written in Chakra's style language;
// a recipe class looks exactly like the Chakra component with those variants.
import type { StaticRule } from '../../styles/static-classes';
import { STATUS_PALETTES } from '../status-badge';
import { nativeSelectStyle } from '../native-select';

const tag = (palette: string) => ({ bg: `${palette}.100`, color: `${palette}.900` });

export const LIST_KIT_CLASSES: Record<string, StaticRule> = {
  // A list page's heading row and its search-and-filter row; they wrap on a phone.
  'ui-list-head': { display: 'flex', flexDirection: { base: 'column', md: 'row' }, justifyContent: 'space-between', alignItems: { base: 'flex-start', md: 'center' }, gap: 4, mb: 6 },
  'ui-list-title': { recipe: 'heading', variants: { size: '2xl' } },
  'ui-list-tools': { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 3, mb: 4 },
  'ui-back': { fontSize: 'sm', mb: 2 },
  // The table: Chakra's table recipe, size sm, variant line, in a bordered rounded frame. On a narrow screen the
  // table scrolls inside its frame (a focusable, named region), never the page; shadows at the edges show there
  // is more to the side (the covers scroll with the content and hide a shadow at the end it has reached).
  'ui-table-frame': {
    // Positioned: an absolutely placed descendant (a visually hidden label) is clipped by this frame's scrolling instead
    // of widening the page (the Users table's status switches did on a phone).
    position: 'relative', borderWidth: '1px', borderRadius: 'lg', overflowX: 'auto', bgColor: 'bg',
    backgroundImage:
      'linear-gradient(to right, var(--chakra-colors-bg) 30%, transparent), linear-gradient(to left, var(--chakra-colors-bg) 30%, transparent), radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.25), transparent), radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.25), transparent)',
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '2.5rem 100%, 2.5rem 100%, 0.875rem 100%, 0.875rem 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
  'ui-table': {
    fontVariantNumeric: 'lining-nums tabular-nums', borderCollapse: 'collapse', width: 'full', textAlign: 'start', verticalAlign: 'top', textStyle: 'sm',
    '& th, & td': { px: 2, py: 2, textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border' },
    '& th': { fontWeight: 'medium', color: 'fg', whiteSpace: 'nowrap' },
    '& td.nowrap': { whiteSpace: 'nowrap' },
    '& td.empty': { textAlign: 'center', py: 8, color: 'fg.muted' },
    '& .row-link': { textDecoration: 'underline', fontWeight: 600 },
    // Row actions: a list (one action a line in a text browser), shown as a row of links.
    '& .row-actions': { display: 'flex', gap: 3, flexWrap: 'wrap', fontSize: 'sm', listStyleType: 'none', m: 0, p: 0 },
    '& .row-actions a, & .row-actions button': { textDecoration: 'underline', color: 'inherit', cursor: 'pointer' },
    '& .row-actions form': { display: 'inline' },
    // A cell holding several items (the state list's reviewers): one a line.
    '& .cell-list': { listStyleType: 'none', m: 0, p: 0 },
    '& .muted': { color: 'fg.muted' },
  },
  // A status badge as a plain span (Chakra's badge recipe, size sm, rounded, the spec's colours).
  'ui-status-tag': {
    display: 'inline-flex', alignItems: 'center', gap: 1, minH: 5, textStyle: 'xs', fontVariantNumeric: 'tabular-nums',
    borderRadius: 'full', px: 2.5, py: 0.5, fontWeight: 'medium', whiteSpace: 'nowrap', userSelect: 'none',
    ...Object.fromEntries(STATUS_PALETTES.map((palette) => [`&[data-palette=${palette}]`, tag(palette)])),
  },
  // A list's tabs (list-tabs.tsx): links in a row under a line; the current one underlined in the brand colour.
  'ui-tabs': {
    listStyleType: 'none', m: 0, p: 0, mb: 4, display: 'flex', flexWrap: 'wrap', gap: 1, borderBottomWidth: '1px', borderColor: 'border',
    '& a': { display: 'block', px: 3, py: 2, fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted', borderBottomWidth: '2px', borderColor: 'transparent', mb: '-1px' },
    '& a:hover': { color: 'fg' },
    '& a[aria-current=page]': { color: 'fg', borderColor: 'brand.solid' },
    '& .count': { color: 'fg.muted', fontWeight: 'normal' },
  },
  // Applied filters.
  'ui-chips-title': { fontWeight: 'semibold', fontSize: 'sm', mb: 2 },
  'ui-chips': {
    listStyleType: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2, mb: 4,
    // No filters: nothing shown (the list stays so a leaving chip can fade out).
    '&:empty': { display: 'none' },
    '& a': { display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 1, borderRadius: 'full', bg: 'brand.muted', color: 'brand.fg', fontSize: 'sm' },
  },
  // Search, rows per page, page status and Previous/Next.
  'ui-inline-form': { display: 'flex', gap: 2, alignItems: 'flex-end', maxW: 'full' },
  'ui-search-input': { recipe: 'input', variants: { size: 'md', variant: 'outline' }, style: { w: { base: 'auto', md: '16rem' }, flex: { base: '1 1 8rem', md: 'none' }, minW: 0, bg: 'bg' } },
  'ui-pager': {
    display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 4, mt: 4,
    '&[data-sizes=false]': { justifyContent: 'flex-end' },
    '& form': { display: 'flex', gap: 2, alignItems: 'center' },
    '& .pages': { display: 'flex', alignItems: 'center', gap: 3 },
    '& .pages > p': { fontSize: 'sm' },
  },
  'ui-btn-outline-xs': { recipe: 'button', variants: { variant: 'outline', size: 'xs' } },
  // Native selects (they work without JavaScript): the one look of components/native-select.ts, as classes (no
  // inline style attribute in the HTML).
  'ui-select': { ...nativeSelectStyle },
  'ui-select-sm': { ...nativeSelectStyle, width: 'auto', padding: '0.3rem' },
  'ui-btn-danger': { recipe: 'button', variants: { variant: 'solid', size: 'md' }, style: { colorPalette: 'red' } },
  // URL-state dialogs and drawers (components/url-dialog.tsx, decision 004): a fixed layer, a backdrop link, and the
  // panel, centred (spec: 600px wide) or from the right (24rem); both fit a 390px phone. The filter drawer's
  // animated wrapper is a layer too (the dialog inside is fixed to it while it comes and goes). One class for both:
  // the build writes a rule once per distinct style, so a second class with the same style would get no rule.
  'ui-dialog-layer': { position: 'fixed', inset: 0, zIndex: 1300 },
  'ui-dialog-backdrop': { position: 'absolute', inset: 0, bg: 'rgba(0, 0, 0, 0.45)' },
  'ui-dialog': {
    position: 'absolute', bg: 'bg', color: 'fg', boxShadow: 'xl', outline: 'none', overflowY: 'auto',
    '&[data-placement=right]': { top: 0, right: 0, bottom: 0, w: 'min(24rem, 100vw)' },
    '&[data-placement=center]': {
      top: '50%', left: '50%', transform: 'translate(-50%, -50%)', w: 'min(600px, calc(100vw - 2rem))', maxH: 'calc(100vh - 2rem)', borderRadius: 'lg',
    },
  },
  'ui-dialog-head': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 3, px: { base: 4, md: 6 }, pt: 5, pb: 3, borderBottomWidth: '1px' },
  'ui-dialog-title': { recipe: 'heading', variants: { size: 'lg' } },
  'ui-dialog-close': { px: 2, py: 1, fontSize: '1.5rem', lineHeight: 1 },
  'ui-dialog-content': { px: { base: 4, md: 6 }, py: 5 },
  'ui-dialog-actions': { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 3, mt: 6 },
  // The filter drawer's groups: a fieldset of radios, a labelled select.
  'ui-filter-group': {
    border: 'none', p: 0, m: 0, mb: 6,
    '& > legend': { fontWeight: 'semibold', mb: 2, p: 0 },
    '& > label:not(.ui-filter-label)': { display: 'flex', gap: 2, alignItems: 'center', mb: 2 },
  },
  'ui-filter-label': { display: 'block', fontWeight: 'semibold', mb: 2 },
  // The state list's bulk bar ("With selected: … Continue") above the table, and a row's select box; it wraps on a phone.
  'ui-bulk-bar': { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 3, mb: 3, maxW: 'full' },
  'ui-bulk-choice': { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2, minW: 0, maxW: 'full', '& select': { maxW: 'full' }, '& > div': { minW: 0, maxW: 'full' } },
  // The Users screens' status toggle (a link to the confirmation when on, a post when off): a track and its label.
  'ui-switch': {
    display: 'inline-flex', alignItems: 'center', gap: 2, cursor: 'pointer', fontSize: 'sm', color: 'inherit', textDecoration: 'none',
    bg: 'transparent', borderWidth: 0, p: 0, borderRadius: 'full',
    '& .track': { position: 'relative', flexShrink: 0, w: 9, h: 5, borderRadius: 'full', bg: 'gray.500', transition: 'background 0.15s' },
    '& .track::after': { content: '""', position: 'absolute', top: '2px', left: '2px', w: 4, h: 4, borderRadius: 'full', bg: 'white', transition: 'left 0.15s' },
    '&[aria-checked=true] .track': { bg: 'brand.solid' },
    '&[aria-checked=true] .track::after': { left: '18px' },
    '&[aria-disabled=true]': { cursor: 'default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
  'ui-select-box': { display: 'inline-flex', alignItems: 'center', minW: 6, minH: 6, '& > input': { w: 4, h: 4 } },
  // The documents library (decision 036): the 'Preview File' dialog's image or PDF frame, a document's versions, and
  // the 'Choose from Documents Library' list of radios.
  'ui-preview': {
    mt: 4,
    '& img': { display: 'block', maxW: 'full', maxH: '70vh', mx: 'auto', borderWidth: '1px' },
    '& iframe': { display: 'block', w: 'full', h: '70vh', borderWidth: '1px' },
  },
  'ui-versions': { mt: 4, fontSize: 'sm', '& > ol': { listStyleType: 'none', p: 0, m: 0, mt: 2 }, '& li': { mb: 1 }, '& a': { textDecoration: 'underline' } },
  'ui-choice-list': {
    border: 'none', p: 0, m: 0, maxH: '50vh', overflowY: 'auto',
    '& > legend': { fontWeight: 'semibold', mb: 2, p: 0 },
    '& > label': { display: 'flex', gap: 2, alignItems: 'baseline', py: 2, borderBottomWidth: '1px' },
    '& > label small': { color: 'fg.muted' },
  },
};
