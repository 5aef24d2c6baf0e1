// Messages between an organization and the state (spec 2 Messages screen, 3 Thread/Message/Unread counts, 5, 6, 7;
// docs/decisions/037):
//   GET  messages/threads?page&limit[&organizationId]   the thread list (newest activity first, paged in SQL)
//   GET  messages/threads/{id}                          one thread with its messages and attachments
//   POST messages (multipart)                           a new thread (organization users) or a reply, with up to 5 files
//   POST messages/{id}/read                             the caller has seen thread {id} up to its newest message
//   GET  messages/unread/count                          total, byThread, byOrganization
//   GET  messages/attachments/{id}?download             an expiring link to the file (data.url)
//   GET  messages/attachments/{id}/file?expires&signature   the signed download itself (no bearer: the link is the permission)
// Access: roles without messages in domain/permissions.ts get 403 (reviewers, RSM/CTC admins, the financial reviewer);
// a thread of an organization the caller is not a member of answers 404; state users may not start threads (403).
import crypto from 'node:crypto';
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { badRequest, forbidden, handler, notFound, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { loadApplicationFor, requireListScope, requirePermission } from '../services/application-access';
import { downloadFlag, mimeTypeOf, receiveUpload, sendStoredFile, signedFileUrl, signedLinkDisposition, uploadSettings, wantsDownload } from '../services/uploads';
import {
  attachmentRow, listThreads, loadThread, markThreadRead, receivedBy, recordMessage, repliedMessage, threadOwner, type StoredAttachment,
} from '../services/conversations';
import { notifyMessageSent } from '../services/message-notifications';
import { organizations } from '../db/schema';
import { ProcessCache, answerBuiltFrom, keptFrom, lookupStart } from '../process-cache';
import { authLifetime } from '../services/auth';
import { APPLICATION_MSG, DOCUMENT_MSG } from '../../domain/messages';
import { MAX_ATTACHMENTS, MESSAGE_FILE_EXTENSIONS, MESSAGE_MSG, THREAD_LIST_MAX, messageDraftErrors } from '../../domain/conversations';
import { validateMessageAttachment } from '../../domain/validation';
import { baseFileName } from '../../domain/documents';
import { AttachmentLinkSchema, MessageSentSchema, ThreadPageSchema, ThreadReadSchema, ThreadSchema, UnreadCountsSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { UUID } from '../../domain/ids';

const ThreadsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(THREAD_LIST_MAX).default(10),
  organizationId: z.string().regex(UUID, 'Organization not found').optional(),
});

const DownloadQuery = z.object({ download: downloadFlag });

/** What a link of an attachment is signed over: never valid for a document of the same id. */
const signedAttachmentId = (id: string) => `message-attachment:${id}`;

type Side = 'org' | 'state';
/** GET messages/unread/count's answer. */
interface UnreadCounts {
  total: number;
  byThread: { threadId: string; count: number }[];
  byOrganization: { organizationId: string; count: number }[];
}
const sideOf = (req: Request): Side => currentAuth(req).profile.roleType;
const nameOf = (req: Request) => {
  const { profile } = currentAuth(req);
  return `${profile.firstName} ${profile.lastName}`.trim();
};

/** A thread the caller may do `action` in: 403 for roles without messages, 404 for another organization's or an unknown one. */
async function threadFor(ctx: ApiContext, req: Request, id: string, action: 'read' | 'create') {
  requireListScope(req, action, 'message');
  const thread = UUID.test(id) ? await threadOwner(ctx.db, id) : null;
  if (!thread) throw notFound(MESSAGE_MSG.threadNotFound);
  requirePermission(req, action, 'message', { organizationId: thread.organizationId }, { notFound: MESSAGE_MSG.threadNotFound });
  return thread;
}

export function messageRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);
  const unreadCounts = new ProcessCache<UnreadCounts>();
  const reader = (req: Request) => ({ userId: currentAuth(req).profile.id, side: sideOf(req) });

  router.get('/messages/threads', doc({ ok: ThreadPageSchema, summary: 'My message threads', query: ThreadsQuery, errors: [403] }), signedIn, handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'message');
    const q = parseInput(ThreadsQuery, req.query);
    // An organization the caller does not read (an organization user's other organizations are theirs): as unknown.
    if (q.organizationId && 'organizations' in scope && !scope.organizations.includes(q.organizationId)) throw notFound('Organization not found');
    res.json(await listThreads(ctx.db, reader(req), scope, q));
  }));

  router.get('/messages/threads/:id', doc({ ok: ThreadSchema, summary: 'A thread\'s messages', errors: [403] }), signedIn, handler(async (req, res) => {
    const thread = await threadFor(ctx, req, String(req.params.id), 'read');
    res.json(await loadThread(ctx.db, reader(req), thread.id));
  }));

  router.post('/messages/:id/read', doc({ ok: ThreadReadSchema, summary: 'Mark a thread read' }), signedIn, handler(async (req, res) => {
    const thread = await threadFor(ctx, req, String(req.params.id), 'read');
    const readAt = await markThreadRead(ctx.db, currentAuth(req).profile.id, thread.id);
    res.json({ threadId: thread.id, readAt });
  }));

  router.post('/messages', doc({ ok: MessageSentSchema, summary: 'Send a message (a new thread or a reply) with up to 5 files', multipart: { fields: { content: 'string', applicationId: 'string', organizationId: 'string', replyToMessageId: 'string', attachments: 'binary' } }, status: 201, errors: [415, 422] }), signedIn, handler(async (req, res) => {
    requireListScope(req, 'create', 'message');
    const { profile } = currentAuth(req);
    const tooMany = () => badRequest(MESSAGE_MSG.tooManyAttachments, { attachments: [MESSAGE_MSG.tooManyAttachments] });
    const { fields, files } = await receiveUpload<{ fileName: string; fileType: string }>(req, res, {
      ...uploadSettings(ctx, req, { route: 'message-attachment', fileField: 'attachments' }),
      maxFiles: MAX_ATTACHMENTS,
      tooManyFiles: tooMany,
      ignoreUnnamed: true,
      accept: async (_fields, partName) => {
        const fileName = baseFileName(partName);
        const refused = fileName.length > 255 ? DOCUMENT_MSG.fileNameTooLong : validateMessageAttachment(fileName, MESSAGE_FILE_EXTENSIONS);
        if (refused) throw badRequest(refused, { attachments: [refused] });
        return { key: `message-attachments/${crypto.randomUUID()}`, contentType: mimeTypeOf(fileName), fileName, info: { fileName, fileType: mimeTypeOf(fileName) } };
      },
    });
    const attachments: StoredAttachment[] = files.map((f) => ({ key: f.key, size: f.size, fileName: f.info.fileName, fileType: f.info.fileType, scan: f.scan }));
    const discard = () => Promise.all(attachments.map((a) => ctx.storage.remove(a.key).catch(() => undefined)));
    try {
      if (attachments.some((a) => a.size === 0)) throw badRequest(DOCUMENT_MSG.fileEmpty, { attachments: [DOCUMENT_MSG.fileEmpty] });
      const content = (fields.content ?? '').trim();
      const replyTo = fields.replyToMessageId?.trim() ?? '';
      const kind = replyTo ? 'reply' : 'new';
      // State users answer; they never open a conversation (spec 6).
      if (kind === 'new' && profile.roleType === 'state') throw forbidden(MESSAGE_MSG.stateCannotStart);
      const errors = messageDraftErrors({ kind, content, applicationId: fields.applicationId, fileNames: attachments.map((a) => a.fileName) });
      const firstError = Object.values(errors)[0];
      if (firstError) throw badRequest(firstError, Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
      const organizationId = fields.organizationId?.trim() || null;
      if (organizationId && !UUID.test(organizationId)) throw notFound('Organization not found');

      let to: Parameters<typeof recordMessage>[1]['to'];
      let organizationName: string;
      if (kind === 'reply') {
        const replied = UUID.test(replyTo) ? await repliedMessage(ctx.db, replyTo) : null;
        if (!replied || (organizationId && organizationId !== replied.organizationId)) throw notFound(MESSAGE_MSG.threadNotFound);
        const thread = await threadFor(ctx, req, replied.threadId, 'create');
        organizationName = thread.legalName;
        to = { kind, threadId: thread.id, organizationId: thread.organizationId, applicationId: thread.applicationId, replyToMessageId: replied.id };
      } else {
        if (!organizationId) throw badRequest(DOCUMENT_MSG.organizationRequired, { organizationId: [DOCUMENT_MSG.organizationRequired] });
        requirePermission(req, 'create', 'message', { organizationId }, { notFound: 'Organization not found' });
        const { app } = await loadApplicationFor(ctx, req, fields.applicationId!.trim(), 'read');
        // An application of another organization, named under the caller's own: as unknown (never leak existence).
        if (app.organizationId !== organizationId) throw notFound(APPLICATION_MSG.notFound);
        const [org] = await ctx.db.select({ legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, organizationId));
        organizationName = org?.legalName ?? '';
        to = { kind, organizationId, applicationId: app.id };
      }
      const sent = await recordMessage(ctx, { sender: { id: profile.id, side: profile.roleType }, content, attachments, to });
      await notifyMessageSent(ctx, {
        threadId: sent.threadId, organizationId: to.organizationId, organizationName, applicationId: to.applicationId, subject: sent.subject,
        content, attachments: attachments.length, by: nameOf(req), direction: sent.direction,
      });
      res.status(201).json({
        message: kind === 'new' ? MESSAGE_MSG.sent : MESSAGE_MSG.replySent,
        threadId: sent.threadId,
        data: {
          id: sent.messageId, senderId: profile.id, content, createdAt: sent.createdAt, organizationId: to.organizationId, applicationId: to.applicationId,
          attachments: attachments.map((a) => ({ fileName: a.fileName })), ...(kind === 'reply' ? { replyToMessageId: replyTo } : {}),
        },
      });
    } catch (err) {
      await discard();
      throw err;
    }
  }));

  router.get('/messages/unread/count', doc({ ok: UnreadCountsSchema, summary: 'Unread messages: the total, per thread and per organization', errors: [403] }), signedIn, handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'message');
    const auth = currentAuth(req);
    // A message is unread for this user when it came from the other side after they last opened its thread.
    if ('organizations' in scope && scope.organizations.length === 0) {
      answerBuiltFrom(res, authLifetime(auth));
      res.json({ total: 0, byThread: [], byOrganization: [] });
      return;
    }
    // Every signed-in page's badge asks this: kept for a few seconds (api/process-cache.ts), forgotten by any write.
    const userId = auth.profile.id;
    const side = receivedBy(sideOf(req));
    const key = `${userId}|${side}|${'all' in scope ? '*' : scope.organizations.join(',')}`;
    const start = lookupStart();
    const kept = unreadCounts.get(ctx.db, key, start.at);
    if (kept) {
      answerBuiltFrom(res, authLifetime(auth), unreadCounts.lifetime(ctx.db, key, start.at));
      res.json(kept);
      return;
    }
    const orgFilter = 'all' in scope
      ? sql`true`
      : sql`t.organization_id in (${sql.join(scope.organizations.map((id) => sql`${id}::uuid`), sql`, `)})`;
    const result = await ctx.db.execute<{ thread_id: string; organization_id: string; n: string }>(sql`
      select t.id as thread_id, t.organization_id, count(m.id) as n
      from message_threads t
      join messages m on m.thread_id = t.id
      left join message_reads r on r.thread_id = t.id and r.user_id = ${userId}
      where ${orgFilter} and m.direction = ${side} and (r.read_at is null or m.created_at > r.read_at)
      group by t.id, t.organization_id`);
    const rows = (result as unknown as { rows: { thread_id: string; organization_id: string; n: string }[] }).rows;
    const byOrg = new Map<string, number>();
    for (const row of rows) byOrg.set(row.organization_id, (byOrg.get(row.organization_id) ?? 0) + Number(row.n));
    const counts: UnreadCounts = Object.freeze({
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      byThread: rows.map((r) => ({ threadId: r.thread_id, count: Number(r.n) })),
      byOrganization: [...byOrg].map(([organizationId, count]) => ({ organizationId, count })),
    });
    if (unreadCounts.keep(ctx.db, key, counts, start)) answerBuiltFrom(res, authLifetime(auth), keptFrom(start));
    res.json(counts);
  }));

  router.get('/messages/attachments/:id', doc({ ok: AttachmentLinkSchema, summary: 'A short-lived signed link to an attachment', query: DownloadQuery }), signedIn, handler(async (req, res) => {
    requireListScope(req, 'read', 'message');
    const id = String(req.params.id);
    const file = UUID.test(id) ? await attachmentRow(ctx.db, id) : null;
    if (!file) throw notFound(MESSAGE_MSG.attachmentNotFound);
    requirePermission(req, 'read', 'message', { organizationId: file.organizationId }, { notFound: MESSAGE_MSG.attachmentNotFound });
    const q = parseInput(DownloadQuery, req.query);
    const url = await signedFileUrl(ctx, file, wantsDownload(q.download), { path: `/api/v1/messages/attachments/${file.id}/file`, signedId: signedAttachmentId(file.id) });
    // Spec 7: the response's data.url is opened in a new tab.
    res.json({ data: { url, fileName: file.fileName } });
  }));

  router.get('/messages/attachments/:id/file', doc({ summary: 'An attachment\'s bytes, through a signed link', description: 'Reached through the link GET messages/attachments/{id} answers (`expires`, `signature`).', ok: { file: '*/*' }, public: true, errors: [403] }), handler(async (req, res) => {
    const id = String(req.params.id);
    const disposition = signedLinkDisposition(ctx, req, signedAttachmentId(id));
    const file = UUID.test(id) ? await attachmentRow(ctx.db, id) : null;
    if (!file) throw notFound(MESSAGE_MSG.attachmentNotFound);
    await sendStoredFile(ctx, res, file, disposition);
  }));

  return router;
}
