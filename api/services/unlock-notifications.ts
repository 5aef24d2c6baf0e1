// Emails of the unlock requests (docs/decisions/034), sent after the commit the way api/services/notifications.ts
// sends the status moves' (decision 029): a request tells every active State_Admin; an approval or an admin unlock
// tells every active Organization_Admin of the application's organization. Never throws: a failure is logged.
import { and, eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { sections, userRoles, users } from '../db/schema';
import type { MailMessage } from '../mail';
import { activeOrganizationAdmins, applicationOrganization, orgApplicationPath, portalLink, sendAll, type NotifyResult } from './notifications';

const SIGNATURE = ['', '--', 'Broadband Grants Portal. This email was sent automatically: please do not reply to it.'];

export interface UnlockNotice {
  applicationId: string;
  sectionId: string;
  message: string;
  /** Who asked or unlocked, as a name. */
  by: string;
}

/** The email a State Admin gets when an organization asks to unlock a section (pure). */
export function unlockRequestEmail(input: UnlockNotice & { to: string; firstName: string; organizationName: string; sectionName: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Unlock request for application ${input.applicationId}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.by} of ${input.organizationName} asks to unlock the section ${input.sectionName} of application ${input.applicationId}.`,
      '',
      'Their message:',
      input.message,
      '',
      `Review the unlock requests: ${input.link}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** The email an organization admin gets when a section is unlocked for them (pure). */
export function sectionUnlockedEmail(input: UnlockNotice & { to: string; firstName: string; sectionName: string; link: string; approved: boolean }): MailMessage {
  return {
    to: input.to,
    subject: `Section ${input.sectionName} of application ${input.applicationId} is unlocked`,
    text: [
      `Hello ${input.firstName},`,
      '',
      input.approved
        ? `The State Admin approved your request: the section ${input.sectionName} of application ${input.applicationId} is unlocked for changes.`
        : `The State Admin unlocked the section ${input.sectionName} of application ${input.applicationId} for changes.`,
      '',
      'Message:',
      input.message,
      '',
      'Change the section, save it, then resubmit the section to lock it again.',
      `Open the application: ${input.link}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

async function facts(ctx: ApiContext, notice: UnlockNotice) {
  const app = await applicationOrganization(ctx, notice.applicationId);
  const [section] = await ctx.db.select({ name: sections.name }).from(sections).where(eq(sections.id, notice.sectionId));
  return app && section ? { ...app, sectionName: section.name } : null;
}

/** Emails every active State_Admin about a new request. Call after the commit. */
export async function notifyUnlockRequested(ctx: ApiContext, notice: UnlockNotice): Promise<NotifyResult> {
  const what = `unlock request ${notice.applicationId}`;
  let emails: MailMessage[];
  try {
    const found = await facts(ctx, notice);
    if (!found) return { sent: 0, failed: 0 };
    const admins = await ctx.db
      .select({ email: users.email, firstName: users.firstName })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.role, 'State_Admin'), eq(users.status, 'active')))
      .orderBy(users.email);
    const link = portalLink(ctx, '/state/unlock-requests');
    emails = admins.map((a) => unlockRequestEmail({ ...notice, ...found, to: a.email, firstName: a.firstName, link }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}

/** Emails every active Organization_Admin of the application's organization: a section was unlocked. Call after the commit. */
export async function notifySectionUnlocked(ctx: ApiContext, notice: UnlockNotice & { approved: boolean }): Promise<NotifyResult> {
  const what = `section unlocked ${notice.applicationId}`;
  let emails: MailMessage[];
  try {
    const found = await facts(ctx, notice);
    if (!found) return { sent: 0, failed: 0 };
    const admins = await activeOrganizationAdmins(ctx, found.organizationId);
    const link = portalLink(ctx, orgApplicationPath(notice.applicationId));
    emails = admins.map((a) => sectionUnlockedEmail({ ...notice, sectionName: found.sectionName, to: a.email, firstName: a.firstName, link }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}
