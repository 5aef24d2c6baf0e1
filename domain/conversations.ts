// Messages between an organization and the state (spec 2 Messages screen, 4, 5 Messages, 6, 8; decision 037):
// the compose rules and their messages, one pure check for the browser, the route action and the API.
import { DOCUMENT_FILE_EXTENSIONS, FILE_NAME_DISPLAY_MAX, validateMessageAttachment } from './validation';

/** Spec 9: at most 5 attachments per message, subjects cut to 30 characters, the thread list's limit. */
export const MAX_ATTACHMENTS = 5;
export const SUBJECT_MAX = FILE_NAME_DISPLAY_MAX;
export const THREAD_LIST_MAX = 10000;
export const MESSAGE_CONTENT_MAX = 5000;
/** The files a message may carry: the document types (one list, spec 5 'Only {allowed list} files are allowed'). */
export const MESSAGE_FILE_EXTENSIONS: readonly string[] = DOCUMENT_FILE_EXTENSIONS;

export const MESSAGE_MSG = {
  sent: 'Message sent successfully',
  replySent: 'Reply sent successfully',
  sendFailed: 'Failed to send message',
  replyFailed: 'Failed to send reply',
  selectConversation: 'Select a conversation to start messaging',
  selectOrganization: 'Select Organization ID',
  // The spec names these rules but not their words (spec 5 Messages).
  contentOrAttachment: 'Write a message or attach a file.',
  contentRequired: 'Write a message.',
  applicationRequired: 'Select an application.',
  tooManyAttachments: `A message can carry at most ${MAX_ATTACHMENTS} attachments.`,
  contentTooLong: `A message can be at most ${MESSAGE_CONTENT_MAX} characters.`,
  stateCannotStart: 'State users cannot start a new message; reply in a conversation the organization started.',
  threadNotFound: 'Conversation not found',
  replyToRequired: 'Choose the conversation to reply in.',
  attachmentNotFound: 'Attachment not found',
  noThreads: 'No conversations yet',
} as const;

/** A message's subject line: its text before the first dot (all of it when it starts with a dot or has none), spaces collapsed. */
function subjectLine(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.split('.')[0]!.trim() || text;
}

/** The subject of a new thread: its text before the first dot, at most 30 characters (spec 5). */
export function subjectFrom(content: string): string {
  return subjectLine(content).slice(0, SUBJECT_MAX).trim();
}

/**
 * The subject as a person reads it (issue 41 item 13): the stored subject is cut to 30 characters (spec 5), often
 * mid-word; when it came from the thread's first message (`content`), that message's subject line is its whole.
 * A subject the first message does not start with is shown as stored.
 */
export function wholeSubject(thread: { subject: string; content: string }): string {
  const line = subjectLine(thread.content);
  return thread.subject && line.startsWith(thread.subject) ? line : thread.subject;
}

export interface MessageDraft {
  /** A new thread (organization users) or a reply. */
  kind: 'new' | 'reply';
  content: string;
  applicationId?: string;
  fileNames: readonly string[];
}

/** Field errors of a message about to be sent (empty: it may go). Fields: content, applicationId, attachments. */
export function messageDraftErrors(draft: MessageDraft): Partial<Record<'content' | 'applicationId' | 'attachments', string>> {
  const errors: Partial<Record<'content' | 'applicationId' | 'attachments', string>> = {};
  const content = draft.content.trim();
  if (draft.kind === 'new' && !draft.applicationId?.trim()) errors.applicationId = MESSAGE_MSG.applicationRequired;
  if (draft.kind === 'new' && !content) errors.content = MESSAGE_MSG.contentRequired;
  if (draft.kind === 'reply' && !content && draft.fileNames.length === 0) errors.content = MESSAGE_MSG.contentOrAttachment;
  if (content.length > MESSAGE_CONTENT_MAX) errors.content = MESSAGE_MSG.contentTooLong;
  if (draft.fileNames.length > MAX_ATTACHMENTS) errors.attachments = MESSAGE_MSG.tooManyAttachments;
  else {
    const bad = draft.fileNames.map((name) => validateMessageAttachment(name, MESSAGE_FILE_EXTENSIONS)).find(Boolean);
    if (bad) errors.attachments = bad;
  }
  return errors;
}

/** The conversation header's application link (spec 2): the state's review screen or the organization's form, section messages. */
export function messagesApplicationPath(roleType: 'org' | 'state', applicationId: string): string {
  const id = encodeURIComponent(applicationId);
  return roleType === 'state' ? `/state/messages/review-application/${id}` : `/org/messages/bead-applcn/${id}`;
}
