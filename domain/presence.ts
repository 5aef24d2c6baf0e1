// Presence on an application's form (issue 43 part 3, decision 101): who else has it open right now. The page's
// heartbeat (app/components/presence.tsx) and the API (api/services/presence.ts) read these. Zod-free (the page's bundle
// imports it): the answer's schema for the OpenAPI document is domain/api-schemas.ts PresenceAnswerSchema.

/** How often an open section page says it is still there. */
export const PRESENCE_HEARTBEAT_MS = 20_000;

/** A person counts as present this long after their last beat (two beats missed and they are gone). */
export const PRESENCE_WINDOW_MS = 45_000;

export interface Presence {
  name: string;
  sectionName: string;
  /** Whether they may change the application (its admin) or only read it. */
  editing: boolean;
}

/** "Olivia Admin is also editing Budget & Match" (or "viewing", for someone who may only read it). */
export function presenceLine(p: Presence): string {
  return `${p.name} is also ${p.editing ? 'editing' : 'viewing'} ${p.sectionName}`;
}
