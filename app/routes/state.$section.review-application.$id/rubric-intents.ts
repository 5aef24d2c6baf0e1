// The Score Preview's URL parameter and intent (decision 042), shared by the page (rubric.tsx) and its server module
// (rubric.server.ts, which the browser bundle leaves out).

/** ?rubric=preview opens the Score Preview dialog. */
export const RUBRIC_PARAM = 'rubric';
export const RUBRIC_OPEN = 'preview';
export const RUBRIC_INTENT = 'rubric-save';
/** A submit button's name: the criterion whose suggestion to take, or 'all'. */
export const USE_SUGGESTION = 'use';
