// Classes for plain elements, written in Chakra's style language (tokens, recipes, responsive values) and compiled
// once at build time by scripts/build-styles.ts into app/styles/chakra-global.css. Pages that are every visitor's
// first (sign-in, status and error pages, the toasts, the form fields) use them, so they need no Chakra in the
// browser and no inline styles in the HTML (docs/decisions/013 and 014). A class that uses a recipe looks exactly
// like the Chakra component with those variants.
import type { SystemStyleObject } from '@chakra-ui/react';

export type StaticRule = SystemStyleObject | { recipe: 'button' | 'input' | 'textarea' | 'heading' | 'container' | 'badge'; variants?: Record<string, string>; style?: SystemStyleObject };

const toast = (bg: string, color: string): SystemStyleObject => ({ bg, color });

/** app.css's .visually-hidden as a style object (for responsive classes), and its undoing. */
const VISUALLY_HIDDEN: SystemStyleObject = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', borderWidth: 0 };
const VISIBLE: SystemStyleObject = { position: 'static', width: 'auto', height: 'auto', m: 0, overflow: 'visible', clip: 'auto', whiteSpace: 'normal' };

export const STATIC_CLASSES: Record<string, StaticRule> = {
  // Page frames for the pages outside the signed-in shell.
  'ui-page-narrow': { recipe: 'container', style: { maxW: 'lg', py: { base: 8, md: 16 } } },
  'ui-page-form': { recipe: 'container', style: { maxW: '2xl', py: { base: 8, md: 12 } } },
  'ui-grid-2': { display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 4 },
  'ui-page-status': { recipe: 'container', style: { maxW: '2xl', py: { base: 10, md: 20 } } },
  'ui-status': { maxW: '2xl' },
  'ui-eyebrow': { fontWeight: 'semibold', color: 'brand.fg', mb: 1 },
  'ui-eyebrow-sm': { fontSize: 'sm', fontWeight: 'semibold', color: 'brand.fg', mb: 2 },
  'ui-h1': { recipe: 'heading', variants: { size: '2xl' }, style: { mb: 2 } },
  'ui-h1-spaced': { recipe: 'heading', variants: { size: '2xl' }, style: { mb: 4 } },
  'ui-lead': { color: 'fg.muted', mb: 6 },
  'ui-after': { mt: 6 },
  'ui-after-muted': { mt: 6, fontSize: 'sm', color: 'fg.muted' },
  'ui-link': { textDecoration: 'underline' },
  // A name shown whole (issue 41 item 13): a long file name with no spaces wraps anywhere rather than being cut or widening its table.
  'ui-whole-name': { overflowWrap: 'anywhere' },
  'ui-row': { display: 'flex', flexWrap: 'wrap', gap: 4, mt: 6 },
  'ui-note': { mt: 8, p: 4, borderWidth: '1px', borderRadius: 'md', bg: 'bg.muted', fontSize: 'sm', '& > p:first-of-type': { fontWeight: 'semibold', mb: 1 } },
  // Buttons (a <button> or an <a>): the button recipe's variants.
  'ui-btn': { recipe: 'button', variants: { variant: 'solid', size: 'md' } },
  'ui-btn-block': { recipe: 'button', variants: { variant: 'solid', size: 'md' }, style: { width: 'full' } },
  'ui-btn-outline-sm': { recipe: 'button', variants: { variant: 'outline', size: 'sm' } },
  'ui-btn-ghost-sm': { recipe: 'button', variants: { variant: 'ghost', size: 'sm' } },
  'ui-btn-outline': { recipe: 'button', variants: { variant: 'outline', size: 'md' } },
  // The idle warning (app/components/idle-watcher.tsx), a native <dialog>.
  'ui-dialog-body': { p: 6, bg: 'bg', color: 'fg', '& > p': { mb: 4 } },
  'ui-h2': { recipe: 'heading', variants: { size: 'lg' }, style: { mb: 2 } },
  'ui-actions': { display: 'flex', justifyContent: 'flex-end', gap: 3 },
  // Form fields (app/components/forms.tsx).
  'ui-field': { mb: 4 },
  'ui-label': { display: 'block', fontWeight: 'medium', mb: 1 },
  'ui-hint': { fontSize: 'sm', color: 'fg.muted', mb: 1 },
  'ui-input': { recipe: 'input', variants: { size: 'md', variant: 'outline' } },
  'ui-textarea': { recipe: 'textarea', variants: { size: 'md', variant: 'outline' } },
  'ui-errors': { listStyleType: 'none', m: 0, p: 0, '& > li': { color: 'fg.error', fontSize: 'sm', mt: 1 } },
  'ui-alert': {
    borderWidth: '1px', borderColor: 'border.error', bg: 'bg.error', color: 'fg.error', p: 3, borderRadius: 'md', mb: 4,
    '&[data-tone=info]': { borderColor: 'brand.solid', bg: 'brand.subtle', color: 'fg' },
  },
  // The signed-in shell (app/components/shell.tsx): header, side menu, main region.
  'ui-frame': { minH: '100vh', bg: 'bg.subtle' },
  'ui-header': {
    display: 'flex', alignItems: 'center', gap: { base: 2, md: 4 }, px: { base: 2, md: 4 }, h: '4rem',
    bg: 'brand.solid', color: 'brand.contrast', position: 'sticky', top: 0, zIndex: 10,
  },
  'ui-header-title': { fontWeight: 'bold', fontSize: { base: 'md', md: 'lg' }, display: { base: 'none', md: 'block' }, whiteSpace: 'nowrap' },
  'ui-header-org': { fontSize: 'sm', fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 },
  'ui-header-switcher': { display: 'flex', alignItems: 'center', gap: 2, minW: 0 },
  'ui-header-select': {
    maxW: { base: '9rem', md: '16rem' }, minW: 0, py: '0.35rem', px: '0.5rem', borderRadius: 'md', fontSize: 'sm',
    color: '#0b2e19', bg: '#ffffff', border: '1px solid #a9d8b6',
  },
  // A label read by screen readers and text browsers everywhere, shown from md up (icon-only below: 390 px fits).
  'ui-label-md': { ...VISUALLY_HIDDEN, md: VISIBLE },
  'ui-contents': { display: 'contents' },
  'ui-header-actions': { display: 'flex', alignItems: 'center', gap: { base: 1, md: 2 }, marginInlineStart: 'auto' },
  'ui-hbtn': { recipe: 'button', variants: { variant: 'ghost', size: 'sm' }, style: { color: 'inherit', _hover: { bg: 'whiteAlpha.200' }, _expanded: { bg: 'transparent' } } },
  'ui-hbtn-switch': { recipe: 'button', variants: { variant: 'outline', size: 'xs' }, style: { color: 'inherit', borderColor: 'whiteAlpha.700' } },
  'ui-unread': { recipe: 'badge', style: { bg: 'orange.300', color: 'gray.900', borderRadius: 'full' } },
  'ui-show-md': { display: { base: 'none', md: 'inline' } },
  'ui-show-lg': { display: { base: 'none', lg: 'inline-flex' } },
  'ui-hide-lg': { display: { base: 'inline-flex', lg: 'none' } },
  'ui-user': { ...VISUALLY_HIDDEN, md: VISIBLE, textAlign: 'right', lineHeight: 'short', pl: 2, '& > p:first-of-type': { fontWeight: 'semibold', fontSize: 'sm' }, '& > p + p': { fontSize: 'xs', opacity: 0.9 } },
  'ui-body': { display: 'flex', alignItems: 'stretch' },
  'ui-side': {
    w: { base: '4.25rem', lg: '15rem' }, flexShrink: 0, bg: 'bg', borderRightWidth: '1px', minH: 'calc(100vh - 4rem)', position: 'sticky',
    top: '4rem', alignSelf: 'flex-start', display: 'flex', flexDirection: 'column', py: 3,
    '&[data-menu=open]': { w: '15rem' },
    '&[data-menu=collapsed]': { w: '4.25rem' },
    '&[data-menu=swapped]': { w: { base: '15rem', lg: '4.25rem' } },
    '& > ul': { listStyleType: 'none', m: 0, p: 0, flex: '1' },
    '& > ul > li': { px: 2, py: 0.5 },
    '& > ul a': {
      display: 'flex', alignItems: 'center', gap: 3, px: 3, py: 2, borderRadius: 'md', color: 'fg', fontWeight: 'normal',
      _hover: { bg: 'brand.subtle' },
    },
    '& > ul a[aria-current=page]': { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' },
  },
  'ui-side-foot': { px: 2, pt: 3, borderTopWidth: '1px' },
  'ui-side-logout': { recipe: 'button', variants: { variant: 'ghost', size: 'md' }, style: { width: 'full', justifyContent: 'flex-start', gap: 3, px: 3 } },
  'ui-main': { flex: '1', minW: 0, p: { base: 4, md: 8 }, outline: 'none' },
  // Dashboards (app/routes/*.dashboard.tsx, app/components/count-card.tsx) and the help page.
  'ui-count-grid': { listStyleType: 'none', m: 0, p: 0, display: 'grid', gap: 4, maxW: '4xl', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } },
  'ui-count-grid-4': { listStyleType: 'none', m: 0, p: 0, display: 'grid', gap: 4, gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } },
  'ui-count-card': {
    display: 'block', h: 'full', p: 5, bg: 'bg', color: 'fg', borderWidth: '1px', borderRadius: 'lg',
    _hover: { borderColor: 'brand.solid', boxShadow: 'sm' },
    '& > span:first-of-type': { display: 'block', fontSize: 'sm', color: 'fg.muted', mb: 1 },
    '& > span[data-count]': { display: 'block', fontSize: '3xl', fontWeight: 'bold', color: 'brand.fg', lineHeight: 'shorter' },
  },
  'ui-help': { recipe: 'container', style: { maxW: '3xl', py: { base: 8, md: 12 }, '& > section': { mb: 6 }, '& > h1': { mb: 6 } } },
  // The application form and the Entity Profile (app/routes/org.$section.bead-applcn.$id/, org.organization-profile.tsx,
  // components/question-list.tsx): the frame around the questions (decision 026: no Chakra component on any page).
  'ui-title-row': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 3, mb: 4 },
  'ui-h1-flush': { recipe: 'heading', variants: { size: '2xl' } },
  'ui-h1-tight': { recipe: 'heading', variants: { size: '2xl' }, style: { mb: 1 } },
  'ui-form-layout': { display: 'flex', flexDirection: { base: 'column', lg: 'row' }, alignItems: 'flex-start', gap: 6 },
  'ui-form-main': { flex: '1', minW: 0, w: 'full' },
  'ui-panel': { bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: { base: 4, md: 6 } },
  'ui-panel-4xl': { bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: { base: 4, md: 6 }, maxW: '4xl' },
  'ui-panel-title': { recipe: 'heading', variants: { size: 'lg' }, style: { mb: 1 } },
  'ui-panel-title-spaced': { recipe: 'heading', variants: { size: 'lg' }, style: { mb: 4 } },
  'ui-panel-intro': { color: 'fg.muted', fontSize: 'sm', mb: 4, '& a': { textDecoration: 'underline' } },
  'ui-form-actions': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, mt: 6 },
  // Autosave's status line beside Save (issue 43): quiet, and empty until there is something to say.
  'ui-autosave-status': { fontSize: 'sm', color: 'fg.muted', minH: 5, flexBasis: 'full' },
  'ui-alert-actions': { display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 },
  // Who else has the application open (issue 43): a quiet line under the title, nothing when nobody is.
  'ui-presence': { fontSize: 'sm', color: 'fg.muted', '& > ul': { listStyleType: 'none', p: 0, m: 0, mb: 3 } },
  // "Next section: …" as an outline button that wraps its text on a phone (a long section name fits 390 px).
  'ui-btn-next': {
    recipe: 'button', variants: { variant: 'outline', size: 'md' },
    style: { whiteSpace: 'normal', h: 'auto', minH: 10, py: 2, textAlign: 'start', flexShrink: 1, maxW: 'full' },
  },
  'ui-submit-box': { mt: 8, borderTopWidth: '1px', pt: 6, '& > p': { fontSize: 'sm', color: 'fg.muted', mb: 3 } },
  'ui-h2-md': { recipe: 'heading', variants: { size: 'md' }, style: { mb: 2 } },
  // The error summaries (a refused save's answers, a refused submit's sections): a focusable alert box of links.
  'ui-error-box': {
    borderWidth: '1px', borderColor: 'border.error', bg: 'bg.error', p: 4, borderRadius: 'md', mb: 6,
    '& > p:first-of-type': { fontWeight: 'semibold', color: 'fg.error', mb: 2 },
    '& > ul': { pl: 5 },
    '& a': { textDecoration: 'underline' },
  },
  // The form's sections as steps: the current one highlighted, a step with problems bordered in the error colour
  // (and said in words under it, not by colour alone).
  'ui-steps': {
    w: { base: 'full', lg: '17rem' }, flexShrink: 0,
    '& > ol': { display: 'flex', flexDirection: 'column', gap: 1, listStyleType: 'none', m: 0, p: 0 },
    '& a': { display: 'block', px: 3, py: 2, borderRadius: 'md', bg: 'bg', borderWidth: '1px', borderColor: 'border', color: 'fg' },
    '& a[aria-current=step]': { bg: 'brand.muted' },
    '& a[data-problem]': { borderColor: 'border.error' },
    '& a > span': { display: 'block' },
    '& a[aria-current=step] > span:first-of-type': { fontWeight: 'semibold', color: 'brand.fg' },
    '& a > span + span': { fontSize: 'xs', color: 'fg.muted' },
    '& a > span[data-testid=step-problem]': { color: 'fg.error' },
  },
  // Returned for revision (the form's revision-notice.tsx): the state's request at the top, and spec 4's lock display.
  'ui-panel-head': { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: 3, '& > h2': { mb: 1 } },
  'ui-revision': {
    borderWidth: '1px', borderColor: 'orange.500', borderInlineStartWidth: '4px', bg: 'bg', p: 4, borderRadius: 'md', mb: 6,
    '& > h2': { fontSize: 'lg', fontWeight: 'semibold', mb: 1 },
    '& > h3': { fontSize: 'sm', fontWeight: 'semibold', mt: 3, mb: 1 },
    '& > ul': { pl: 5, listStyleType: 'disc' },
    '& a': { textDecoration: 'underline', color: 'brand.fg' },
  },
  'ui-revision-comments': { whiteSpace: 'pre-wrap', bg: 'bg.muted', p: 3, borderRadius: 'md' },
  'ui-lock': {
    display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: 'xs', fontWeight: 'medium', verticalAlign: 'middle',
    '&[data-lock=unlocked]': { color: { base: 'green.700', _dark: 'green.300' } },
    '&[data-lock=locked]': { color: 'fg.muted' },
  },
  // Toasts (app/components/toaster.tsx).
  'ui-toast': {
    display: 'flex', minH: '56px', alignItems: 'center', gap: 3, px: 4, py: 2, borderRadius: 'md', boxShadow: 'lg',
    '& > div': { flex: '1' },
    '& p:first-of-type': { fontWeight: 'semibold' },
    '& p + p': { fontSize: 'sm' },
    '&[data-type=success]': toast('brand.solid', 'brand.contrast'),
    '&[data-type=error]': toast('red.700', 'white'),
    '&[data-type=info]': toast('gray.800', 'white'),
  },
  // The state's review screen (app/routes/state.$section.review-application.$id): the header's facts as a grid of
  // term/value pairs, the action menu as a row of buttons, an answer read-only.
  'ui-review-head': { bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: { base: 4, md: 6 }, mb: 4 },
  'ui-facts': {
    display: 'grid', gap: 4, m: 0, gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    '& dt': { fontSize: 'sm', color: 'fg.muted' },
    '& dd': { m: 0, fontWeight: 'medium' },
    '& .ui-facts-wide': { gridColumn: { md: '1 / -1' } },
  },
  'ui-facts-list': { listStyleType: 'none', m: 0, p: 0, fontWeight: 'normal', fontSize: 'sm', '& > li': { mt: 1 } },
  'ui-review-actions': { mb: 6 },
  // Earlier reviews on the review screen (earlier-reviews.tsx, decision 051): the passes as a list of links, the open
  // pass's headings, comments under a mark or decision, the table's caption at the start.
  'ui-earlier': {
    '& > ul': { listStyleType: 'disc', pl: 5, mb: 2, '& > li': { mb: 1 } },
    '& h3': { fontSize: 'md', fontWeight: 'semibold', mt: 4, mb: 1 },
    '& h4': { fontSize: 'sm', fontWeight: 'semibold', mt: 4, mb: 1 },
    '& dl': { mt: 3 },
    '& .ui-earlier-decisions': { listStyleType: 'none', m: 0, p: 0, fontSize: 'sm', '& > li': { mb: 2 } },
    '& caption': { textAlign: 'start', fontSize: 'sm', fontWeight: 'medium', p: 2 },
    '& .ui-earlier-comment': { display: 'block', color: 'fg.muted', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  },
  // The programmes' unlock windows on /state/unlock-requests (components/unlocks/unlock-window.tsx).
  'ui-window': {
    bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: 4, mb: 4,
    '& > ul': { listStyleType: 'none', m: 0, p: 0 },
    '& > ul > li': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, mb: 2 },
    '& > ul > li > p': { overflowWrap: 'anywhere' },
    '& > p': { mb: 0 },
  },
  'ui-action-menu': { listStyleType: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 },
  'q-answer': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  // Messages (app/components/messages, decision 037): the thread list beside the conversation, stacked on smaller screens.
  'ui-messages': { display: 'grid', gap: 4, gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(16rem, 22rem) minmax(0, 1fr)' }, alignItems: 'start' },
  'ui-threads': {
    bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: 3, minW: 0,
    '& > ul': { listStyleType: 'none', m: 0, p: 0 },
    '& > ul > li + li': { borderTopWidth: '1px' },
    '& > ul a': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 2, borderRadius: 'md', textDecoration: 'none', overflowWrap: 'anywhere' },
    '& > ul a:hover': { bg: 'bg.muted' },
    '& > ul a[aria-current]': { bg: 'bg.muted', boxShadow: 'inset 3px 0 0 0 currentColor' },
  },
  // The whole subject in the DOM (screen readers, text browsers); on the screen at most three lines, cut between words.
  'ui-thread-subject': { fontWeight: 'semibold', flex: '1', minW: 0, lineClamp: '3' },
  'ui-thread-meta': { display: 'block', width: 'full', fontSize: 'sm' },
  'ui-thread-filter': { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: 2, mb: 3, '& > select': { flex: '1', minW: '10rem' } },
  'ui-conversation': {
    bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: { base: 3, md: 4 }, minW: 0,
    '& > ol': { listStyleType: 'none', m: 0, p: 1, maxH: '32rem', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 3, mb: 4 },
  },
  'ui-conversation-head': { borderBottomWidth: '1px', pb: 2, mb: 3, '& > h2': { mb: 1 }, '& > p': { fontSize: 'sm' } },
  'ui-message': {
    maxW: '85%', p: 3, borderRadius: 'lg', borderWidth: '1px', bg: 'bg.muted', alignSelf: 'flex-start',
    '&[data-mine]': { alignSelf: 'flex-end', bg: 'bg' },
    '& > p': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
    '& > p:first-of-type': { fontSize: 'sm', fontWeight: 'semibold', mb: 1 },
    '& > ul': { listStyleType: 'none', m: 0, mt: 2, p: 0, fontSize: 'sm' },
  },
  'ui-compose': { display: 'flex', flexDirection: 'column', gap: 1, minW: 0, '& input[type=file]': { width: 'full', maxW: 'full', fontSize: 'sm' } },
  'ui-empty-pane': { py: 16, textAlign: 'center' },
};
