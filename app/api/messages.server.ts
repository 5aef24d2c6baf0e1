// Messages (spec 7 Messages; decision 037): the thread lists, one thread, sending (multipart), read marks, the unread
// count of the top bar and an attachment's link.
import { get, post, seg, type ApiSession } from './client.server';
import { publicUrl } from './documents.server';
// The threads' shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
import type { AttachmentLink, MessageSent, Thread, ThreadMessage, ThreadPage, ThreadRead, ThreadSummary, UnreadCounts } from '../../domain/api-schemas';

export type { Thread, ThreadMessage, ThreadPage, ThreadSummary };

/**
 * Unread messages of the caller's conversations: an organization user's of the chosen organization only (`organizationId`,
 * the session's: DESIGN 5), a state user's of every organization (no `organizationId`).
 */
export async function unreadCount(api: ApiSession, organizationId?: string): Promise<number> {
  const counts = await get<UnreadCounts>(api, '/messages/unread/count');
  return organizationId ? (counts.byOrganization.find((o) => o.organizationId === organizationId)?.count ?? 0) : counts.total;
}

export const listThreads = (api: ApiSession, query: { page: number; limit: number; organizationId?: string }) =>
  get<ThreadPage>(api, '/messages/threads', { ...query });

export const getThread = (api: ApiSession, threadId: string) => get<Thread>(api, `/messages/threads/${seg(threadId)}`);

export const markThreadRead = (api: ApiSession, threadId: string) => post<ThreadRead>(api, `/messages/${seg(threadId)}/read`);

/** Sends the multipart form of spec 7 (fields first, then the files): a new thread, or a reply when replyToMessageId is set. */
export const sendMessage = (api: ApiSession, form: FormData) => post<MessageSent>(api, '/messages', form);

/** Where the browser goes to open an attachment: the signed link, absolute for the browser. */
export async function attachmentLink(api: ApiSession, attachmentId: string, toDownload: boolean): Promise<string> {
  const { data } = await get<AttachmentLink>(api, `/messages/attachments/${seg(attachmentId)}`, { download: toDownload ? 'true' : undefined });
  return publicUrl(api, data.url);
}
