// The question form's look as build-time classes (decisions 013 and 021): every question of the application
// form and the Entity Profile (label, hint, error, each input type, the table, the file question and its upload
// bar) is plain elements with these classes, compiled once by scripts/build-styles.ts into the cached
// chakra-global.css. The form pages bring no Chakra component of their own into the browser and write no style
// per question into the HTML. Written in Chakra's style language; a recipe class looks like that Chakra component.
import type { StaticRule } from '../styles/static-classes';
import { INDENT_PX_PER_LEVEL } from '../../domain/validation/limits';

/** Numbering depths that get their own indent (spec 2: 20px per level); deeper ones keep the last. */
const LEVELS = [1, 2, 3, 4, 5];

export const QUESTION_CLASSES: Record<string, StaticRule> = {
  // One question: its box, indented by its dotted number's depth.
  'q-field': {
    mb: 5,
    ...Object.fromEntries(LEVELS.map((level) => [`&[data-level="${level}"]`, { marginInlineStart: `${level * INDENT_PX_PER_LEVEL}px` }])),
    '& > fieldset': { minW: 0, border: 0, p: 0, m: 0 },
  },
  'q-header': {
    mt: 6, mb: 3,
    ...Object.fromEntries(LEVELS.map((level) => [`&[data-level="${level}"]`, { marginInlineStart: `${level * INDENT_PX_PER_LEVEL}px` }])),
    '& > h3': { fontSize: 'lg', fontWeight: 'semibold' },
    '& > p': { color: 'fg.muted', fontSize: 'sm' },
  },
  'q-label': { display: 'block', fontWeight: 'medium', mb: 1 },
  'q-required': { color: 'fg.error' },
  'q-hint': { fontSize: 'sm', color: 'fg.muted', mb: 2 },
  'q-error': { color: 'fg.error', fontSize: 'sm', mt: 1 },
  'q-warning': { color: 'orange.800', fontSize: 'sm', mt: 1 },
  'q-template': { fontSize: 'sm', mb: 2, '& a': { textDecoration: 'underline', color: 'brand.fg' } },
  // A $ before an amount, outside the input.
  'q-affix': { display: 'flex', gap: 2, alignItems: 'center' },
  'q-date': { maxW: '12rem' },
  // Radio and checkbox choices, one per line; the radio group's "Not answered" is quiet but there.
  'q-choices': {
    display: 'flex', flexDirection: 'column', gap: 1,
    '& > label': { display: 'flex', gap: 2, alignItems: 'center' },
    '& > label.q-none': { color: 'fg.muted', fontSize: 'sm' },
  },
  // An address: the parts, city/state/zip on one line when they fit.
  'q-address': {
    display: 'flex', flexDirection: 'column', gap: 2,
    '& .q-row': { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' },
    '& label': { fontSize: 'sm', display: 'block' },
  },
  // A table answer: it scrolls sideways inside its own labelled region on a narrow screen (390 px), with a cue
  // that says so; the row actions stay in view at the end of each row.
  'q-table-cue': { fontSize: 'xs', color: 'fg.muted', mb: 1, display: { base: 'block', md: 'none' } },
  'q-table-region': {
    // Positioned: an absolutely placed descendant (a link's visually hidden words, "of question 6") is clipped by this
    // region's scrolling instead of widening the page (the consensus table did at 390 px, issue 41 item 12).
    position: 'relative', overflowX: 'auto', borderWidth: '1px', borderRadius: 'md', bg: 'bg', maxW: 'full',
    // A shadow at an edge with more columns behind it (the cue for sighted people who miss the text).
    backgroundImage: 'linear-gradient(to right, var(--chakra-colors-bg), var(--chakra-colors-bg)), linear-gradient(to right, var(--chakra-colors-bg), var(--chakra-colors-bg)), linear-gradient(to right, rgba(0,0,0,.15), transparent), linear-gradient(to left, rgba(0,0,0,.15), transparent)',
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '20px 100%, 20px 100%, 12px 100%, 12px 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  },
  'q-table': {
    borderCollapse: 'collapse', width: 'full', textStyle: 'sm', fontVariantNumeric: 'lining-nums tabular-nums',
    '& th, & td': { px: 2, py: 2, textAlign: 'start', verticalAlign: 'top', borderBottomWidth: '1px', borderColor: 'border' },
    '& thead th': { fontWeight: 'medium', whiteSpace: 'nowrap', bg: 'bg.muted' },
    '& td.q-cell': { minW: '9rem' },
    '& tfoot td, & tfoot th': { fontWeight: 'semibold' },
    '& .q-row-actions': { position: 'sticky', insetInlineEnd: 0, bg: 'bg', whiteSpace: 'nowrap' },
  },
  'q-table-after': { mt: 2 },
  'q-btn-ghost-xs': { recipe: 'button', variants: { variant: 'ghost', size: 'xs' } },
  'q-btn-outline-xs': { recipe: 'button', variants: { variant: 'outline', size: 'xs' } },
  'q-btn-outline-sm': { recipe: 'button', variants: { variant: 'outline', size: 'sm' } },
  // A File question and its upload.
  'q-file': {
    display: 'flex', flexDirection: 'column', gap: 2,
    '& .q-file-row': { display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' },
    '& a': { textDecoration: 'underline', color: 'brand.fg' },
    '& .q-file-none': { fontSize: 'sm', color: 'fg.muted' },
    '& label': { fontSize: 'sm', display: 'block', mb: 1 },
    '& input[type=file]': { fontSize: 'sm', maxW: 'full' },
    '& .q-file-hint': { fontSize: 'xs', color: 'fg.muted', mt: 1 },
  },
  // A file's upload under way or ended (upload-progress.tsx): in a File question and the documents library's dialogs.
  'q-upload': {
    mt: 1, fontSize: 'sm',
    '& .q-file-row': { display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' },
    '& [data-tone=done]': { color: 'green.700', _dark: { color: 'green.300' } },
    '& [data-tone=failed]': { color: 'fg.error' },
  },
  'q-progress': { w: 'full', maxW: '24rem', h: 2, bg: 'bg.emphasized', borderRadius: 'full', overflow: 'hidden', mb: 1 },
  'q-progress-fill': { h: 'full', bg: 'brand.solid' },
};
