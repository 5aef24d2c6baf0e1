// The version of an edited thing and the check of a save against it (issue 43 part 1, docs/decisions/099): one rule
// for the four saves (an application section's answers, the Entity Profile, a reviewer's marks of a section, the
// rubric sheet).
// - versionOf: an opaque token of the values as stored (a hash of their canonical JSON, empty values left out), so it
//   changes with every saved change and with nothing else; the views carry it.
// - checkVersion: inside the save's transaction, after the save has locked the row every save of the thing locks
//   (SELECT ... FOR UPDATE or the UPDATE it makes first), the values read again: a save naming another version is
//   refused with 409 carrying the current values, who saved last and when, and the transaction writes nothing.
//   A save without a version (an older client) is not checked.
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { ApiError } from '../http';
import { users } from '../db/schema';
import type { Db } from '../db/client';
import type { Tx } from './application-content';
import { canonical, EDIT_CONFLICT, EDIT_CONFLICT_MSG, type EditConflict } from '../../domain/edit-conflicts';

/** One stored value of the thing: its key (question id, field), value, and who saved it when (when known). */
export interface VersionedValue {
  key: string;
  value: unknown;
  by?: string | null;
  at?: Date | string | null;
}

const isNothing = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The values that count: empty ones left out (a cleared answer and one never given are the same version). */
function valuesOf(rows: readonly VersionedValue[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of rows) if (!isNothing(r.value)) out[r.key] = r.value;
  return out;
}

/** The version token of the values: 22 characters of a SHA-256 of their canonical JSON. */
export function versionOf(rows: readonly VersionedValue[]): string {
  return createHash('sha256').update(canonical(valuesOf(rows))).digest('base64url').slice(0, 22);
}

/**
 * Refuses a stale save: `expected` (the version the save started from) against `current` (the values read inside the
 * save's transaction, after its lock). Nothing to do without `expected`.
 */
export async function checkVersion(tx: Tx | Db, expected: string | null | undefined, current: readonly VersionedValue[]): Promise<void> {
  if (!expected) return;
  const version = versionOf(current);
  if (version === expected) return;
  const latest = current.filter((r) => r.at).sort((a, b) => new Date(b.at!).getTime() - new Date(a.at!).getTime())[0] ?? null;
  let savedBy: EditConflict['savedBy'] = null;
  if (latest?.by) {
    const [user] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, [latest.by])).limit(1);
    if (user) savedBy = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
  }
  const body: EditConflict = { code: EDIT_CONFLICT, version, answers: valuesOf(current), savedBy, savedAt: latest?.at ? new Date(latest.at) : null };
  throw new ApiError(409, EDIT_CONFLICT_MSG.stale, undefined, { ...body });
}
