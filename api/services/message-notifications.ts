// The email of a new message (decision 037), sent after the commit the way api/services/notifications.ts sends the
// status moves' (decision 029): a message from an organization tells every active State_Admin; one from the state
// tells every active member (admins and staff) of the organization. Never throws: a failure is logged.
import type { ApiContext } from '../context';
import type { MailMessage } from '../mail';
import { activeOrganizationUsers, activeStateAdmins, portalLink, sendAll, SIGNATURE, type NotifyResult } from './notifications';

export interface MessageNotice {
  threadId: string;
  organizationId: string;
  organizationName: string;
  applicationId: string | null;
  subject: string;
  content: string;
  attachments: number;
  /** Who sent it, as a name. */
  by: string;
  direction: 'ORG_TO_STATE' | 'STATE_TO_ORG';
}

/** The email one recipient gets (pure). */
export function messageEmail(input: MessageNotice & { to: string; firstName: string; link: string }): MailMessage {
  const from = input.direction === 'ORG_TO_STATE' ? `${input.by} of ${input.organizationName}` : `${input.by} of the State broadband office`;
  const about = input.applicationId ? ` about application ${input.applicationId}` : '';
  return {
    to: input.to,
    subject: `New message${about}: ${input.subject}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${from} sent a message${about}.`,
      '',
      input.content || '(no text)',
      ...(input.attachments > 0 ? ['', `${input.attachments} attachment${input.attachments === 1 ? '' : 's'}: open the conversation to download.`] : []),
      '',
      `Read and reply: ${input.link}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** Emails the other side of the conversation. Call after the commit. */
export async function notifyMessageSent(ctx: ApiContext, notice: MessageNotice): Promise<NotifyResult> {
  const what = `message in thread ${notice.threadId}`;
  let emails: MailMessage[];
  try {
    const toState = notice.direction === 'ORG_TO_STATE';
    const recipients = toState ? await activeStateAdmins(ctx) : await activeOrganizationUsers(ctx, notice.organizationId);
    const link = portalLink(ctx, `/${toState ? 'state' : 'org'}/messages?thread=${notice.threadId}`);
    emails = recipients.map((r) => messageEmail({ ...notice, to: r.email, firstName: r.firstName, link }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}
