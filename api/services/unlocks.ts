// Unlocking a section of a submitted application and locking it again (docs/decisions/034). The writes of the
// unlock-requests routes: each one transaction (the request row, application_sections.unlocked, the history),
// emails after the commit (api/services/unlock-notifications.ts); and the office's toggle of a programme's unlock window.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { applicationSections, answers, programs, unlockRequests } from '../db/schema';
import { conflict, notFound } from '../http';
import { audit } from './audit';
import { notifyUnlockRequested } from './unlock-notifications';
import { loadProgram, type Program, type SectionRow } from './application-content';
import { answerText } from '../../domain/answer-text';
import { UNLOCK_MSG, unlockWindowOpen, windowToggleRefusal, WINDOW_MSG, type UnlockWindowStatus } from '../../domain/unlock-requests';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stable JSON (object keys sorted): jsonb does not keep key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** The section's stored answers, by question id (what the relock compares with). */
async function sectionAnswers(db: Db | Tx, applicationId: string, program: Program, sectionId: string): Promise<Record<string, unknown>> {
  const ids = (program.bySection.get(sectionId) ?? []).filter((q) => q.type !== 'Header').map((q) => q.id);
  if (ids.length === 0) return {};
  const rows = await db
    .select({ questionId: answers.questionId, value: answers.value })
    .from(answers)
    .where(and(eq(answers.applicationId, applicationId), inArray(answers.questionId, ids)));
  const found = new Map(rows.map((r) => [r.questionId, r.value ?? null]));
  return Object.fromEntries(ids.map((id) => [id, found.get(id) ?? null]));
}

export interface NewUnlockRequest {
  applicationId: string;
  organizationId: string;
  section: SectionRow;
  message: string;
  userId: string;
  /** The requester's name, for the State Admins' email. */
  by: string;
  /** Who asks: the organization's admin, or a reviewer or stage admin from the review screen (decision 034). */
  side: 'organization' | 'state';
}

/**
 * A request to the State Admin to unlock a section (kind REQUEST, PENDING), from either side: the row and the
 * UNLOCK_REQUESTED history entry in one transaction, the State Admins emailed after the commit. A second open unlock
 * of the section (two at once) is the 409 of unlock_requests_open_key. The caller checked access and the refusal rules.
 */
export async function createUnlockRequest(ctx: ApiContext, r: NewUnlockRequest): Promise<string> {
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(unlockRequests)
        .values({ applicationId: r.applicationId, organizationId: r.organizationId, sectionId: r.section.id, kind: 'REQUEST', status: 'PENDING', message: r.message, requestedBy: r.userId })
        .returning({ id: unlockRequests.id });
      await audit(tx, {
        action: 'UNLOCK_REQUESTED', entity: 'unlock-request', userId: r.userId, applicationId: r.applicationId, organizationId: r.organizationId, comments: r.message,
        details: { sectionId: r.section.id, sectionName: r.section.name, unlockRequestId: row!.id, side: r.side },
      });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(UNLOCK_MSG.pending);
    throw err;
  }
  await notifyUnlockRequested(ctx, { applicationId: r.applicationId, sectionId: r.section.id, message: r.message, by: r.by });
  return id;
}

export interface OpenSection {
  applicationId: string;
  organizationId: string;
  section: SectionRow;
  program: Program;
  userId: string;
}

/** Opens the section (application_sections.unlocked) and keeps its answers as they are now; in the caller's transaction. */
export async function openSection(tx: Tx, open: OpenSection, unlock: { id: string; kind: string; message: string; side?: 'organization' | 'state' }): Promise<void> {
  const now = new Date();
  const snapshot = await sectionAnswers(tx, open.applicationId, open.program, open.section.id);
  const updated = await tx
    .update(unlockRequests)
    .set({ status: 'APPROVED', decidedBy: open.userId, decidedAt: now, snapshot })
    .where(and(eq(unlockRequests.id, unlock.id), eq(unlockRequests.status, 'PENDING')))
    .returning({ id: unlockRequests.id });
  if (updated.length === 0) throw conflict(UNLOCK_MSG.alreadyApproved);
  await tx
    .insert(applicationSections)
    .values({ applicationId: open.applicationId, sectionId: open.section.id, status: 'COMPLETED', unlocked: true, updatedAt: now })
    .onConflictDoUpdate({ target: [applicationSections.applicationId, applicationSections.sectionId], set: { unlocked: true, updatedAt: now } });
  await audit(tx, {
    action: 'SECTION_UNLOCKED', entity: 'unlock-request', userId: open.userId, applicationId: open.applicationId, organizationId: open.organizationId,
    comments: unlock.message,
    details: { sectionId: open.section.id, sectionName: open.section.name, unlockRequestId: unlock.id, kind: unlock.kind, ...(unlock.side ? { side: unlock.side } : {}) },
  });
}

export interface AnswerChange {
  questionId: string;
  systemNo: string;
  question: string;
  from: string | null;
  to: string | null;
}

/**
 * Locks the section again after the organization changed it (the "Resubmit section" of decision 034): the answers
 * changed since it opened (old and new, in words) go to the history. 409 when no unlock of it is open.
 */
export async function relockSection(ctx: ApiContext, open: OpenSection): Promise<AnswerChange[]> {
  return ctx.db.transaction(async (tx) => {
    const [unlock] = await tx
      .select()
      .from(unlockRequests)
      .where(and(eq(unlockRequests.applicationId, open.applicationId), eq(unlockRequests.sectionId, open.section.id), eq(unlockRequests.status, 'APPROVED')))
      .limit(1)
      .for('update');
    if (!unlock) throw conflict(UNLOCK_MSG.notUnlocked);
    return lockAgain(tx, open, unlock);
  });
}

/** The open unlock `unlock` of the section ends (RELOCKED), the section is locked, the history names what changed. */
async function lockAgain(tx: Tx, open: Omit<OpenSection, 'userId'> & { userId: string | null }, unlock: { id: string; snapshot: unknown }, move?: string): Promise<AnswerChange[]> {
  const before = (unlock.snapshot ?? {}) as Record<string, unknown>;
  const after = await sectionAnswers(tx, open.applicationId, open.program, open.section.id);
  const changes: AnswerChange[] = (open.program.bySection.get(open.section.id) ?? [])
    .filter((q) => q.type !== 'Header' && canonical(before[q.id] ?? null) !== canonical(after[q.id] ?? null))
    .map((q) => ({
      questionId: q.id, systemNo: q.systemNo, question: q.text,
      from: answerText(q, before[q.id] ?? null), to: answerText(q, after[q.id] ?? null),
    }));
  const now = new Date();
  await tx.update(unlockRequests).set({ status: 'RELOCKED', relockedBy: open.userId, relockedAt: now }).where(eq(unlockRequests.id, unlock.id));
  await tx
    .update(applicationSections)
    .set({ unlocked: false, updatedAt: now })
    .where(and(eq(applicationSections.applicationId, open.applicationId), eq(applicationSections.sectionId, open.section.id)));
  await audit(tx, {
    action: 'SECTION_RELOCKED', entity: 'unlock-request', userId: open.userId, applicationId: open.applicationId, organizationId: open.organizationId,
    details: { sectionId: open.section.id, sectionName: open.section.name, unlockRequestId: unlock.id, changes, ...(move ? { move } : {}) },
  });
  return changes;
}

/**
 * A status move that locks every section (executeMove: the resubmit of a revision, a revision asked for, a submit)
 * ends the application's open unlocks with them, each with its history entry as the "Resubmit section" writes it:
 * an unlock approved during a revision (issue 41 item 7) is resubmitted with the application, and none stays open
 * on a locked section (which would refuse every later request for it). In the move's transaction.
 */
export async function lockOpenUnlocks(tx: Tx, app: { id: string; organizationId: string; programId: string }, userId: string | null, move: string): Promise<void> {
  const open = await tx
    .select({ id: unlockRequests.id, sectionId: unlockRequests.sectionId, snapshot: unlockRequests.snapshot })
    .from(unlockRequests)
    .where(and(eq(unlockRequests.applicationId, app.id), eq(unlockRequests.status, 'APPROVED')))
    .for('update');
  if (open.length === 0) return;
  const program = await loadProgram(tx, app.programId);
  for (const unlock of open) {
    const section = program.sections.find((s) => s.id === unlock.sectionId);
    if (!section) continue;
    await lockAgain(tx, { applicationId: app.id, organizationId: app.organizationId, section, program, userId }, unlock, move);
  }
}

export interface UnlockWindow {
  programId: string;
  programName: string;
  dueDate: Date | null;
  closedAt: Date | null;
  open: boolean;
}

const windowOf = (p: { id: string; name: string; dueDate: Date | null; unlockWindowClosedAt: Date | null }): UnlockWindow => ({
  programId: p.id, programName: p.name, dueDate: p.dueDate, closedAt: p.unlockWindowClosedAt, open: unlockWindowOpen(p),
});

/** Every programme's unlock window, by name (the State Admin's panel on /state/unlock-requests). */
export async function listUnlockWindows(db: Db): Promise<UnlockWindow[]> {
  const rows = await db.select().from(programs).orderBy(asc(programs.name));
  return rows.map(windowOf);
}

/**
 * The office closes or reopens a programme's unlock window (docs/decisions/039): one transaction with the programme's
 * row locked, the status asked for checked against the current one (the second of two admins gets 409, never a flip
 * back), and the history entry. 404 for an unknown programme.
 */
export async function setUnlockWindow(ctx: ApiContext, programId: string, to: UnlockWindowStatus, userId: string): Promise<UnlockWindow> {
  return ctx.db.transaction(async (tx) => {
    const [program] = await tx.select().from(programs).where(eq(programs.id, programId)).for('update');
    if (!program) throw notFound(WINDOW_MSG.programNotFound);
    const refused = windowToggleRefusal(program, to);
    if (refused) throw conflict(refused);
    const [updated] = await tx
      .update(programs)
      .set({ unlockWindowClosedAt: to === 'closed' ? new Date() : null })
      .where(eq(programs.id, programId))
      .returning();
    await audit(tx, {
      action: to === 'closed' ? 'UNLOCK_WINDOW_CLOSED' : 'UNLOCK_WINDOW_REOPENED', entity: 'program', userId,
      details: { programId, programName: program.name, dueDate: program.dueDate?.toISOString() ?? null },
    });
    return windowOf(updated!);
  });
}
