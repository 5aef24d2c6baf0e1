// Messages (spec 7 Messages; decision 037): the thread lists, one thread, sending (multipart), read marks, the unread
// count of the top bar and an attachment's link.
import { get, post, seg, type ApiSession } from './client.server';
import { publicUrl } from './documents.server';

export interface ThreadSummary {
  id: string;
  organizationId: string;
  organization: { legalName: string };
  applicationId: string | null;
  /** The application's status now (null: none, or deleted). */
  applicationStatus: string | null;
  subject: string;
  content: string;
  direction: 'ORG_TO_STATE' | 'STATE_TO_ORG' | null;
  sender: { firstName: string; lastName: string } | null;
  createdAt: string;
  lastMessage: { id: string; content: string; createdAt: string } | null;
  lastMessageAt: string;
  unreadCount: number;
}

export interface ThreadMessage {
  id: string;
  senderId: string | null;
  sender: { firstName: string; lastName: string } | null;
  direction: 'ORG_TO_STATE' | 'STATE_TO_ORG';
  content: string;
  createdAt: string;
  /** scanMessage: held for a virus scan (decision 097), "Not scanned yet": no link. */
  attachments: { id: string; fileName: string; fileSize: number; scanMessage?: string }[];
  replyToMessageId?: string;
}

export interface ThreadPage {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  threads: ThreadSummary[];
}

/**
 * Unread messages of the caller's conversations: an organization user's of the chosen organization only (`organizationId`,
 * the session's: DESIGN 5), a state user's of every organization (no `organizationId`).
 */
export async function unreadCount(api: ApiSession, organizationId?: string): Promise<number> {
  const counts = await get<{ total: number; byOrganization: { organizationId: string; count: number }[] }>(api, '/messages/unread/count');
  return organizationId ? (counts.byOrganization.find((o) => o.organizationId === organizationId)?.count ?? 0) : counts.total;
}

export const listThreads = (api: ApiSession, query: { page: number; limit: number; organizationId?: string }) =>
  get<ThreadPage>(api, '/messages/threads', { ...query });

export const getThread = (api: ApiSession, threadId: string) => get<ThreadSummary & { messages: ThreadMessage[] }>(api, `/messages/threads/${seg(threadId)}`);

export const markThreadRead = (api: ApiSession, threadId: string) => post<{ threadId: string }>(api, `/messages/${seg(threadId)}/read`);

/** Sends the multipart form of spec 7 (fields first, then the files): a new thread, or a reply when replyToMessageId is set. */
export const sendMessage = (api: ApiSession, form: FormData) => post<{ message: string; threadId: string }>(api, '/messages', form);

/** Where the browser goes to open an attachment: the signed link, absolute for the browser. */
export async function attachmentLink(api: ApiSession, attachmentId: string, toDownload: boolean): Promise<string> {
  const { data } = await get<{ data: { url: string } }>(api, `/messages/attachments/${seg(attachmentId)}`, { download: toDownload ? 'true' : undefined });
  return publicUrl(api, data.url);
}
