// Autosave of a draft section (issue 43, decision 100): when it runs and what its status line says. The client hook
// (app/components/autosave.tsx) and the server's action (app/routes/resources.autosave.tsx) both read this module.

/** A save starts this long after typing stops (and at once when a field is left, or the page or tab is left). */
export const AUTOSAVE_DELAY_MS = 3000;

/** A body above this is sent without `keepalive` (browsers cap keep-alive bodies at 64 KiB in all). */
export const KEEPALIVE_BODY_LIMIT = 60_000;

/** The fields the section form carries besides its answers, which say what is saved and never are answers. */
export const AUTOSAVE_FIELDS = { application: 'autosaveApplicationId', section: 'autosaveSectionId' } as const;

export const AUTOSAVE_MSG = {
  saving: 'Saving…',
  saved: (time: string) => `All changes saved at ${time}`,
  /** Some answers were refused: their messages stand beside them, the rest of the section is saved. */
  savedExcept: (time: string, count: number) =>
    `Saved at ${time}, except ${count === 1 ? 'the answer' : `${count} answers`} marked below: ${count === 1 ? 'it needs' : 'they need'} correcting.`,
  offline: 'Not saved: you are offline — your answers are kept on this page',
  failed: 'Not saved: your answers are kept on this page. Press Save to try again.',
  elsewhere: (time: string) => `This section was saved in another tab at ${time}. Your answers here are kept until you choose.`,
  reload: 'Reload section',
} as const;

/** "3:42 PM": the time a save was acknowledged, as the status line says it (the reader's own clock). */
export function savedAtTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}
