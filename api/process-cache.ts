// Reads a process may answer again for a few seconds without asking the database (issue 8 items 2 and 5;
// decision 048): the tokens it verified (api/services/auth.ts) and a user's unread message counts (the badge of
// every signed-in page, api/routes/messages.ts). One rule for both, so they go stale together and never further:
// - this process: every write through the API forgets them all, when it starts and again as it answers (before
//   its caller, over HTTP or in-process, can read the answer), and a lookup that began before a write answered is
//   not kept (the generation it began in has passed);
// - other processes, and a change made in the database by hand: within PROCESS_CACHE_TTL_MS.
// Only what a lookup found is kept, per database (a test process runs several).
// An answer the API builds from kept values alone (the profile of `users/me`, the unread counts) may be given again
// by the in-process transport (server/api-transport.ts) while every value it was built from is still kept, and not a
// moment longer: the same rule, one step further along (decision 063).

export const PROCESS_CACHE_TTL_MS = 5_000;

let generation = 0;

/** Everything kept is read again: a write has started or answered (api/index.ts), or Log Out (a GET). */
export function forgetProcessCaches(): void {
  generation += 1;
}

/** A kept value's life: the generation it was kept in, and the moment it is looked up again (ms since the epoch). */
export interface Lifetime {
  generation: number;
  until: number;
}

/** Whether what was kept with this lifetime may still be used: no write since, and its time not over. */
export function stillKept(lifetime: Lifetime, now = Date.now()): boolean {
  return lifetime.generation === generation && now < lifetime.until;
}

/** When a lookup began: what `keep` needs to know whether a write answered meanwhile. */
export interface LookupStart {
  generation: number;
  at: number;
}

export function lookupStart(): LookupStart {
  return { generation, at: Date.now() };
}

/** The life of what a lookup begun at `start` found, once kept. */
export function keptFrom(start: LookupStart): Lifetime {
  return { generation: start.generation, until: start.at + PROCESS_CACHE_TTL_MS };
}

interface Entry<V> {
  generation: number;
  at: number;
  value: V;
}

export class ProcessCache<V> {
  private readonly byDatabase = new WeakMap<object, Map<string, Entry<V>>>();

  constructor(private readonly limit = 10_000) {}

  /** The value kept for key, if no write answered since its lookup began and that was under the TTL ago. */
  get(database: object, key: string, now = Date.now()): V | undefined {
    return this.usable(database, key, now)?.value;
  }

  /** The life of what is kept for key now, or undefined when nothing usable is kept. */
  lifetime(database: object, key: string, now = Date.now()): Lifetime | undefined {
    const entry = this.usable(database, key, now);
    return entry && keptFrom(entry);
  }

  private usable(database: object, key: string, now: number): Entry<V> | undefined {
    const entry = this.byDatabase.get(database)?.get(key);
    return entry && stillKept(keptFrom(entry), now) ? entry : undefined;
  }

  /** Keeps what a lookup begun at `start` found, unless a write answered meanwhile; says whether it kept it. */
  keep(database: object, key: string, value: V, start: LookupStart): boolean {
    if (start.generation !== generation) return false;
    let entries = this.byDatabase.get(database);
    if (!entries) this.byDatabase.set(database, (entries = new Map()));
    if (entries.size >= this.limit) entries.clear();
    entries.set(key, { generation: start.generation, at: start.at, value });
    return true;
  }
}

const answerLifetimes = new WeakMap<object, Lifetime>();

/**
 * Says that the answer `res` is writing is built from kept values alone, each with its lifetime: it may be given
 * again until the first of them ends. An unknown lifetime (a value not kept) makes the answer one to ask again.
 */
export function answerBuiltFrom(res: object, ...lifetimes: (Lifetime | undefined)[]): void {
  if (lifetimes.length === 0 || lifetimes.some((l) => !l || l.generation !== lifetimes[0]!.generation)) return;
  answerLifetimes.set(res, { generation: lifetimes[0]!.generation, until: Math.min(...lifetimes.map((l) => l!.until)) });
}

/** How long the answer `res` wrote may be given again, when answerBuiltFrom said so and it is still kept. */
export function answerLifetime(res: object): Lifetime | undefined {
  const lifetime = answerLifetimes.get(res);
  return lifetime && stillKept(lifetime) ? lifetime : undefined;
}
