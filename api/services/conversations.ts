// Threads and messages between an organization and the state (decision 037): the lists paged in SQL (newest
// activity first), one thread with its messages and attachments, sending (a new thread or a reply, in one
// transaction with its history entry), and read marks. Access is checked by the routes (api/routes/messages.ts).
import crypto from 'node:crypto';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { messageAttachments, messageReads, messages, organizations, threads, users } from '../db/schema';
import { pageEnvelope } from '../db/paging';
import { audit } from './audit';
import { heldSql, holdIfUnscanned } from './held-files';
import type { ScanOutcome } from '../scanner';
import { subjectFrom } from '../../domain/conversations';
import { scanStatusOf } from '../../domain/scanning';
import type { RoleType } from '../../domain/roles';

export type Direction = 'ORG_TO_STATE' | 'STATE_TO_ORG';

/** The direction of what a side sends, and of what it receives. */
export const sentBy = (side: RoleType): Direction => (side === 'state' ? 'STATE_TO_ORG' : 'ORG_TO_STATE');
export const receivedBy = (side: RoleType): Direction => (side === 'state' ? 'ORG_TO_STATE' : 'STATE_TO_ORG');

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The organizations a list covers: every one, or these (none: an empty list). */
export type ThreadScope = { all: true } | { organizations: string[] };

function scopeWhere(scope: ThreadScope): SQL {
  if ('all' in scope) return sql`true`;
  if (scope.organizations.length === 0) return sql`false`;
  return sql`t.organization_id in (${sql.join(scope.organizations.map((id) => sql`${id}::uuid`), sql`, `)})`;
}

interface ThreadRow {
  id: string;
  organization_id: string;
  legal_name: string;
  application_id: string | null;
  application_status: string | null;
  subject: string;
  created_at: string | Date;
  last_message_at: string | Date;
  first_content: string | null;
  first_direction: Direction | null;
  first_name: string | null;
  last_name: string | null;
  last_content: string | null;
  last_created_at: string | Date | null;
  last_message_id: string | null;
  unread: number | string;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Spec 3 Thread: id, organizationId, organization.legalName, applicationId, subject, content, lastMessage.content, direction, sender, createdAt (and the unread count). */
function toThread(row: ThreadRow) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organization: { legalName: row.legal_name },
    applicationId: row.application_id,
    /** The application's status now (null: none, or deleted): the state links only to what its review screen opens. */
    applicationStatus: row.application_status,
    subject: row.subject,
    content: row.first_content ?? '',
    direction: row.first_direction,
    sender: row.first_name !== null ? { firstName: row.first_name, lastName: row.last_name ?? '' } : null,
    createdAt: iso(row.created_at),
    lastMessage: row.last_message_id ? { id: row.last_message_id, content: row.last_content ?? '', createdAt: iso(row.last_created_at) } : null,
    lastMessageAt: iso(row.last_message_at),
    unreadCount: Number(row.unread),
  };
}
export type ThreadSummary = ReturnType<typeof toThread>;

/** The select of thread summaries for a reader on `side` (their unread count per thread). */
function threadSelect(userId: string, side: RoleType, where: SQL, tail: SQL) {
  return sql`
    select t.id, t.organization_id, o.legal_name, t.application_id,
      (select a.status from applications a where a.id = t.application_id) as application_status, t.subject, t.created_at, t.last_message_at,
      f.content as first_content, f.direction as first_direction, fu.first_name, fu.last_name,
      l.content as last_content, l.created_at as last_created_at, l.id as last_message_id,
      (select count(*) from messages m
        where m.thread_id = t.id and m.direction = ${receivedBy(side)} and (r.read_at is null or m.created_at > r.read_at))::int as unread
    from message_threads t
    join organizations o on o.id = t.organization_id
    left join lateral (select m.content, m.direction, m.sender_id from messages m where m.thread_id = t.id order by m.created_at, m.id limit 1) f on true
    left join users fu on fu.id = f.sender_id
    left join lateral (select m.id, m.content, m.created_at from messages m where m.thread_id = t.id order by m.created_at desc, m.id desc limit 1) l on true
    left join message_reads r on r.thread_id = t.id and r.user_id = ${userId}
    where ${where}
    ${tail}`;
}

/** One page of threads in the scope (and of one organization when asked), newest activity first; counted and paged in SQL. */
export async function listThreads(
  db: Db, reader: { userId: string; side: RoleType }, scope: ThreadScope, q: { page: number; limit: number; organizationId?: string },
) {
  const where = q.organizationId ? sql`${scopeWhere(scope)} and t.organization_id = ${q.organizationId}::uuid` : scopeWhere(scope);
  const [counted] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from message_threads t where ${where}`));
  const total = Number(counted?.n ?? 0);
  const rows = rowsOf<ThreadRow>(await db.execute(threadSelect(reader.userId, reader.side, where,
    sql`order by t.last_message_at desc, t.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)));
  // Spec 3: limit, page, total, totalPages (and the envelope every list has).
  return { ...pageEnvelope(q.page, q.limit, total), limit: q.limit, total, threads: rows.map(toThread) };
}

/** A thread's organization and application (null when there is no such thread). */
export async function threadOwner(db: Db, threadId: string) {
  const [row] = await db
    .select({ id: threads.id, organizationId: threads.organizationId, applicationId: threads.applicationId, subject: threads.subject, legalName: organizations.legalName })
    .from(threads)
    .innerJoin(organizations, eq(organizations.id, threads.organizationId))
    .where(eq(threads.id, threadId))
    .limit(1);
  return row ?? null;
}

/** The thread for this reader with every message (oldest first), each with its sender and attachments (spec 3 Message). */
export async function loadThread(db: Db, reader: { userId: string; side: RoleType }, threadId: string) {
  const [summary] = rowsOf<ThreadRow>(await db.execute(threadSelect(reader.userId, reader.side, sql`t.id = ${threadId}::uuid`, sql``)));
  if (!summary) return null;
  const rows = await db
    .select({
      id: messages.id, senderId: messages.senderId, direction: messages.direction, content: messages.content,
      replyToMessageId: messages.replyToMessageId, createdAt: messages.createdAt, firstName: users.firstName, lastName: users.lastName,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const files = rows.length === 0 ? [] : await db
    .select({
      id: messageAttachments.id, messageId: messageAttachments.messageId, fileName: messageAttachments.fileName, fileSize: messageAttachments.fileSize,
      // Held for a virus scan (decision 097): named, "Not scanned yet", with no link.
      held: heldSql(messageAttachments.storageKey),
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, rows.map((r) => r.id)))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
  const thread = toThread(summary);
  return {
    ...thread,
    messages: rows.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      sender: m.firstName !== null ? { firstName: m.firstName, lastName: m.lastName ?? '' } : null,
      direction: m.direction as Direction,
      content: m.content,
      createdAt: m.createdAt.toISOString(),
      attachments: files.filter((f) => f.messageId === m.id).map(({ id, fileName, fileSize, held }) => ({
        id, fileName, fileSize, ...scanStatusOf(held),
      })),
      organizationId: thread.organizationId,
      applicationId: thread.applicationId,
      ...(m.replyToMessageId ? { replyToMessageId: m.replyToMessageId } : {}),
    })),
  };
}

/**
 * The reader has seen the thread up to its newest message: their read mark moves there (never back, so two
 * marks at once or a mark after a newer one leave the later). Answers the mark.
 */
export async function markThreadRead(db: Db, userId: string, threadId: string): Promise<Date | null> {
  const [marked] = rowsOf<{ read_at: string | Date }>(await db.execute(sql`
    insert into message_reads (thread_id, user_id, read_at)
    select ${threadId}::uuid, ${userId}::uuid, coalesce(max(m.created_at), now()) from messages m where m.thread_id = ${threadId}::uuid
    on conflict (thread_id, user_id) do update set read_at = greatest(message_reads.read_at, excluded.read_at)
    returning read_at`));
  return marked ? new Date(marked.read_at) : null;
}

export interface StoredAttachment {
  key: string;
  size: number;
  fileName: string;
  fileType: string;
  /** What clamd found at upload (null: no scanning); an unscanned file is held (decision 097). */
  scan?: ScanOutcome | null;
}

export interface OutgoingMessage {
  sender: { id: string; side: RoleType };
  content: string;
  attachments: StoredAttachment[];
  /** A new thread about this application of this organization, or a reply in this thread. */
  to: { kind: 'new'; organizationId: string; applicationId: string } | { kind: 'reply'; threadId: string; organizationId: string; applicationId: string | null; replyToMessageId: string };
}

/** Writes the message (and its new thread), its attachments, the thread's activity, the sender's read mark and the history entry, in one transaction. */
export async function recordMessage(ctx: ApiContext, out: OutgoingMessage) {
  const direction = sentBy(out.sender.side);
  return ctx.db.transaction(async (tx) => {
    let threadId: string;
    let subject: string;
    if (out.to.kind === 'new') {
      subject = subjectFrom(out.content);
      const [thread] = await tx
        .insert(threads)
        .values({ organizationId: out.to.organizationId, applicationId: out.to.applicationId, subject })
        .returning({ id: threads.id });
      threadId = thread!.id;
    } else {
      threadId = out.to.threadId;
      const [thread] = await tx.select({ subject: threads.subject }).from(threads).where(eq(threads.id, threadId));
      subject = thread!.subject;
    }
    const [message] = await tx
      .insert(messages)
      .values({
        threadId, senderId: out.sender.id, direction, content: out.content,
        replyToMessageId: out.to.kind === 'reply' ? out.to.replyToMessageId : null,
        // The statement's own time: two replies of one instant still come in the order they were written.
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    if (out.attachments.length > 0) {
      await tx.insert(messageAttachments).values(out.attachments.map((a) => ({
        id: crypto.randomUUID(), messageId: message!.id, fileName: a.fileName, fileSize: a.size, fileType: a.fileType, storageKey: a.key,
      })));
      for (const a of out.attachments) {
        await holdIfUnscanned(tx, ctx, { ...a, scan: a.scan ?? null }, { kind: 'message-attachment', uploadedBy: out.sender.id, organizationId: out.to.organizationId });
      }
    }
    // Never back in time: a slower concurrent reply does not hide a newer one's activity.
    await tx.update(threads)
      .set({ lastMessageAt: sql`greatest(${threads.lastMessageAt}, ${message!.createdAt.toISOString()}::timestamptz)` })
      .where(eq(threads.id, threadId));
    // Whoever writes has read what came before.
    await tx.insert(messageReads)
      .values({ threadId, userId: out.sender.id, readAt: message!.createdAt })
      .onConflictDoUpdate({ target: [messageReads.threadId, messageReads.userId], set: { readAt: sql`greatest(${messageReads.readAt}, excluded.read_at)` } });
    await audit(tx, {
      action: 'MESSAGE_SENT', entity: 'message', userId: out.sender.id, organizationId: out.to.organizationId, applicationId: out.to.applicationId,
      details: { threadId, messageId: message!.id, subject, reply: out.to.kind === 'reply', direction, attachments: out.attachments.map((a) => a.fileName) },
    });
    return { threadId, messageId: message!.id, subject, direction, createdAt: message!.createdAt };
  });
}

/** An attachment with its thread's organization (null when unknown). */
export async function attachmentRow(db: Db, id: string) {
  const [row] = await db
    .select({
      id: messageAttachments.id, fileName: messageAttachments.fileName, fileSize: messageAttachments.fileSize, fileType: messageAttachments.fileType,
      storageKey: messageAttachments.storageKey, organizationId: threads.organizationId,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(eq(messageAttachments.id, id))
    .limit(1);
  return row ?? null;
}

/** The message a reply answers, with its thread (null when unknown). */
export async function repliedMessage(db: Db, messageId: string) {
  const [row] = await db
    .select({ id: messages.id, threadId: messages.threadId, organizationId: threads.organizationId, applicationId: threads.applicationId })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(eq(messages.id, messageId))
    .limit(1);
  return row ?? null;
}
