// Notifications of issue 10 item 6 (review-rubric.md section 7): every status move emails the organization's
// active admins (the organization's own submit and resubmit too, issue 41); a resubmission also tells the State
// Admins and the gating stage's assigned reviewers; every assignment emails the reviewer, and an unlocked review its
// reviewer. Through ctx.mailer: the development outbox, or SMTP
// when SMTP_URL is set (api/mail.ts). The wording of these emails lives here and nowhere else.
//
// Callers (the move executor, the assignment service) call these AFTER their transaction has committed and
// await them: they return once every email was handed to the mailer, and they never throw. A failed lookup or
// a refused email is logged through ctx.log and never undoes the move or the assignment.
import { and, eq, inArray } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { applications, memberships, organizations, reviewAssignments, sections, userRoles, users } from '../db/schema';
import type { MailMessage } from '../mail';
import { statusLabel, type ApplicationStatus } from '../../domain/statuses';
import { rejectReasonText } from '../../domain/workflow';
import { moveCommentsForApplicant } from '../../domain/history-sight';
import { reviewerRoleOf, reviewerTypeOf } from '../../domain/review-assignments';
import type { Stage } from '../../domain/permissions';

/** A status move that has been committed. */
export interface StatusMoveNotice {
  applicationId: string;
  fromStatus: ApplicationStatus;
  toStatus: ApplicationStatus;
  /** The comments given with the move, if any. */
  comments?: string | null;
  /** The reject reason id (1-9, spec section 3) of a move to REJECTED. */
  reasonId?: number | null;
  /** The sections reopened by a move to REVISION_NEEDED (sections.id). */
  sectionIds?: readonly string[] | null;
}

/** Reviewers newly assigned to an application (one already assigned before gets no second email). */
export interface AssignmentNotice {
  applicationId: string;
  /** users.id of each reviewer assigned; the stage is read from their review_assignments row. */
  reviewerIds: readonly string[];
}

/** What happened to the emails: `sent` handed to the mailer, `failed` refused by it (and logged). */
export interface NotifyResult {
  sent: number;
  failed: number;
}

const REVIEW_STAGE: Record<string, string> = {
  RSM_REVIEWER: 'gating',
  CTC_REVIEWER: 'technical',
  STATE_REVIEWER: 'state',
};

/** The closing lines of every notification. */
export const SIGNATURE = ['', '--', 'Broadband Grants Portal. This email was sent automatically: please do not reply to it.'];

/** The portal's public address plus a path (ctx.portalUrl is PORTAL_URL, see server/env.ts). */
export function portalLink(ctx: Pick<ApiContext, 'portalUrl'>, path: string): string {
  return `${ctx.portalUrl.replace(/\/+$/, '')}${path}`;
}

/** The organization side's page of an application (spec section 2: /org/{section}/bead-applcn/{id}). */
export const orgApplicationPath = (id: string) => `/org/applications/bead-applcn/${encodeURIComponent(id)}`;
/** The state side's review page of an application (spec section 2: /state/{section}/review-application/{id}). */
export const reviewApplicationPath = (id: string) => `/state/applications/review-application/${encodeURIComponent(id)}`;

/** The email an organization admin gets about a move (pure: tests and previews build it the same way). */
export function statusMoveEmail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  move: StatusMoveNotice;
  sectionNames: readonly string[];
  link: string;
}): MailMessage {
  const { move } = input;
  const status = statusLabel(move.toStatus);
  const reason = move.toStatus === 'REJECTED' && move.reasonId != null ? rejectReasonText(move.reasonId) : null;
  const lines = [
    `Hello ${input.firstName},`,
    '',
    `Application ${move.applicationId} of ${input.organizationName} is now ${status} (it was ${statusLabel(move.fromStatus)}).`,
  ];
  if (reason) lines.push('', `Reason: ${reason}`);
  if (input.sectionNames.length > 0) {
    lines.push('', 'Sections reopened for your changes:', ...input.sectionNames.map((name) => `- ${name}`));
  }
  // Only the comments written to the applicant (a revision, a rejection, not remediated): the others are the office's
  // notes, left out of the organization's history too (domain/history-sight.ts, decision 092).
  const comments = moveCommentsForApplicant(move.toStatus) ? move.comments?.trim() : null;
  if (comments) lines.push('', 'Comments from the state office:', comments);
  if (move.toStatus === 'REVISION_NEEDED') {
    lines.push('', 'Update the reopened sections, then resubmit the application.');
  }
  lines.push('', `Open the application: ${input.link}`, ...SIGNATURE);
  return { to: input.to, subject: `Application ${move.applicationId} is now ${status}`, text: lines.join('\n') };
}

/** The email a reviewer gets when assigned (pure). */
export function assignmentEmail(input: {
  to: string;
  firstName: string;
  applicationId: string;
  organizationName: string;
  projectLocation: string | null;
  reviewerType: string;
  link: string;
}): MailMessage {
  const stage = REVIEW_STAGE[input.reviewerType] ?? 'review';
  const where = input.projectLocation ? `, project area ${input.projectLocation}` : '';
  return {
    to: input.to,
    subject: `You are assigned to the ${stage} review of application ${input.applicationId}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `You are assigned to the ${stage} review of application ${input.applicationId} (${input.organizationName}${where}).`,
      '',
      `Open the application: ${input.link}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** Sends each email on its own: one refused address does not stop the others. Never throws. */
export async function sendAll(ctx: ApiContext, what: string, emails: MailMessage[]): Promise<NotifyResult> {
  const results = await Promise.allSettled(emails.map((email) => ctx.mailer.send(email)));
  let failed = 0;
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      failed += 1;
      ctx.log(`Notification not sent (${what}) to ${emails[i]!.to}`, result.reason);
    }
  });
  return { sent: emails.length - failed, failed };
}

/**
 * Emails every active Organization_Admin (active account, active membership) of the application's
 * organization: the application, its new status, the comments, the reject reason or the reopened sections,
 * and a link to it. Call after the move's transaction committed.
 */
/** The application's organization (id and legal name), or undefined for an unknown id. */
export async function applicationOrganization(ctx: ApiContext, applicationId: string) {
  const [app] = await ctx.db
    .select({ organizationId: applications.organizationId, organizationName: organizations.legalName })
    .from(applications)
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(eq(applications.id, applicationId));
  return app;
}

/** Who hears of an organization's application: its Organization_Admins with an active account and membership. */
export function activeOrganizationAdmins(ctx: ApiContext, organizationId: string) {
  return ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(
      eq(memberships.organizationId, organizationId),
      eq(memberships.role, 'Organization_Admin'),
      eq(memberships.status, 'active'),
      eq(users.status, 'active'),
    ))
    .orderBy(users.email);
}

/** Every member of an organization with an active account and membership (its admins and staff): who hears of a message from the state. */
export function activeOrganizationUsers(ctx: ApiContext, organizationId: string) {
  return ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'active'), eq(users.status, 'active')))
    .orderBy(users.email);
}

/** Every State_Admin with an active account: who hears of a message from an organization. */
export function activeStateAdmins(ctx: ApiContext) {
  return ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'State_Admin'), eq(users.status, 'active')))
    .orderBy(users.email);
}

export async function notifyStatusMove(ctx: ApiContext, move: StatusMoveNotice): Promise<NotifyResult> {
  const what = `${move.applicationId} ${move.fromStatus} -> ${move.toStatus}`;
  let emails: MailMessage[];
  try {
    const app = await applicationOrganization(ctx, move.applicationId);
    if (!app) {
      ctx.log(`Notification not sent (${what}): no such application`);
      return { sent: 0, failed: 0 };
    }
    const admins = await activeOrganizationAdmins(ctx, app.organizationId);
    const sectionNames = move.toStatus === 'REVISION_NEEDED' && move.sectionIds?.length
      ? (await ctx.db
        .select({ name: sections.name })
        .from(sections)
        .where(inArray(sections.id, [...move.sectionIds]))
        .orderBy(sections.displayOrder)).map((s) => s.name)
      : [];
    const link = portalLink(ctx, orgApplicationPath(move.applicationId));
    emails = admins.map((admin) => statusMoveEmail({
      to: admin.email, firstName: admin.firstName, organizationName: app.organizationName, move, sectionNames, link,
    }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}

/** The stage a resubmitted application returns to (decision 027's addendum: always the gating review). */
export const RESUBMISSION_STAGE: Stage = 'GATING';

/** The email the state side gets when an organization resubmits after a revision (pure). No comments: the organization writes none with it. */
export function resubmittedEmail(input: { to: string; firstName: string; applicationId: string; organizationName: string; stage: Stage; link: string }): MailMessage {
  const stage = input.stage.toLowerCase();
  return {
    to: input.to,
    subject: `Application ${input.applicationId} was resubmitted`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.organizationName} resubmitted application ${input.applicationId} after the revision: it is now ${statusLabel('RESUBMITTED')} and returns to the ${stage} review.`,
      '',
      `Open the application: ${input.link}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/**
 * A resubmission (REVISION_NEEDED → RESUBMITTED) tells the state: every active State_Admin, and the active reviewers
 * assigned to the stage it returns to (gating), each once. The organization's admins hear of it by notifyStatusMove.
 * Call after the move's transaction committed; never throws.
 */
export async function notifyResubmitted(ctx: ApiContext, applicationId: string): Promise<NotifyResult> {
  const what = `${applicationId} resubmitted`;
  let emails: MailMessage[];
  try {
    const app = await applicationOrganization(ctx, applicationId);
    if (!app) {
      ctx.log(`Notification not sent (${what}): no such application`);
      return { sent: 0, failed: 0 };
    }
    const reviewers = await ctx.db
      .select({ email: users.email, firstName: users.firstName })
      .from(reviewAssignments)
      .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
      .where(and(
        eq(reviewAssignments.applicationId, applicationId),
        eq(reviewAssignments.reviewerType, reviewerTypeOf(reviewerRoleOf(RESUBMISSION_STAGE))),
        eq(users.status, 'active'),
      ))
      .orderBy(users.email);
    const told = new Map<string, { email: string; firstName: string }>();
    for (const person of [...(await activeStateAdmins(ctx)), ...reviewers]) if (!told.has(person.email)) told.set(person.email, person);
    const link = portalLink(ctx, reviewApplicationPath(applicationId));
    emails = [...told.values()].map((person) => resubmittedEmail({
      to: person.email, firstName: person.firstName, applicationId, organizationName: app.organizationName, stage: RESUBMISSION_STAGE, link,
    }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}

/** A reviewer's submitted review unlocked by the stage admin: the reviewer is told, with the admin's note (their own review's entry, decision 092). */
export function reviewUnlockedEmail(input: { to: string; firstName: string; applicationId: string; stage: Stage; comment: string; link: string }): MailMessage {
  const stage = input.stage.toLowerCase();
  return {
    to: input.to,
    subject: `Your ${stage} review of application ${input.applicationId} was unlocked`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `Your ${stage} review of application ${input.applicationId} was unlocked so you can change it and submit it again.`,
      '',
      'The note given with the unlock:',
      input.comment,
      '',
      `Open the application: ${input.link}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** Emails the reviewer whose review was unlocked (active account). Call after the unlock committed; never throws. */
export async function notifyReviewUnlocked(
  ctx: ApiContext, notice: { applicationId: string; reviewerId: string; stage: Stage; comment: string },
): Promise<NotifyResult> {
  const what = `${notice.applicationId} review unlocked`;
  let emails: MailMessage[];
  try {
    const reviewer = await ctx.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, notice.reviewerId), eq(users.status, 'active')));
    const link = portalLink(ctx, reviewApplicationPath(notice.applicationId));
    emails = reviewer.map((r) => reviewUnlockedEmail({
      to: r.email, firstName: r.firstName, applicationId: notice.applicationId, stage: notice.stage, comment: notice.comment, link,
    }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}

/**
 * Emails each newly assigned reviewer (active account): the application, the stage and a link to its review
 * page. Call after the assignment's transaction committed.
 */
export async function notifyAssignment(ctx: ApiContext, assignment: AssignmentNotice): Promise<NotifyResult> {
  const what = `${assignment.applicationId} assigned`;
  if (assignment.reviewerIds.length === 0) return { sent: 0, failed: 0 };
  let emails: MailMessage[];
  try {
    const rows = await ctx.db
      .select({
        email: users.email,
        firstName: users.firstName,
        reviewerType: reviewAssignments.reviewerType,
        organizationName: organizations.legalName,
        projectLocation: applications.projectLocation,
      })
      .from(reviewAssignments)
      .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
      .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId))
      .innerJoin(organizations, eq(organizations.id, applications.organizationId))
      .where(and(
        eq(reviewAssignments.applicationId, assignment.applicationId),
        inArray(reviewAssignments.reviewerId, [...assignment.reviewerIds]),
        eq(users.status, 'active'),
      ))
      .orderBy(users.email);
    const link = portalLink(ctx, reviewApplicationPath(assignment.applicationId));
    emails = rows.map((row) => assignmentEmail({
      to: row.email, firstName: row.firstName, applicationId: assignment.applicationId, organizationName: row.organizationName,
      projectLocation: row.projectLocation, reviewerType: row.reviewerType, link,
    }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return { sent: 0, failed: 0 };
  }
  return sendAll(ctx, what, emails);
}

/** A user added on a Users screen (docs/decisions/033). */
export interface WelcomeNotice {
  to: string;
  firstName: string;
  /** Who added them. */
  addedBy: string;
  /** The organization's name; null for a state user. */
  organizationName: string | null;
  role: string;
  /** The person already had an account (added to one more organization). */
  existing: boolean;
}

/** The welcome email of a user just added (pure): where they were added, as what, and the sign-in link (PORTAL_URL). */
export function welcomeEmail(input: WelcomeNotice & { link: string }): MailMessage {
  const where = input.organizationName ? `${input.organizationName}` : 'the state broadband office';
  const role = input.role.replace(/_/g, ' ');
  return {
    to: input.to,
    subject: `You have been added to ${where} on the Broadband Grants Portal`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.addedBy} added you to ${where} on the Broadband Grants Portal as ${role}.`,
      '',
      input.existing
        ? `Sign in as you usually do; ${input.organizationName ? 'choose the organization after signing in' : 'the new role is yours'}: ${input.link}`
        : `Sign in here with this email address: ${input.link}`,
      'There is no password: each time, the portal emails you a 6-digit code valid for 10 minutes.',
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** An existing account invited to one more organization (decision 093): it joins only once its owner accepts. */
export function invitationEmail(input: Omit<WelcomeNotice, 'existing'> & { link: string }): MailMessage {
  const role = input.role.replace(/_/g, ' ');
  return {
    to: input.to,
    subject: `${input.addedBy} invited you to ${input.organizationName} on the Broadband Grants Portal`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.addedBy} invited you to join ${input.organizationName} on the Broadband Grants Portal as ${role}.`,
      '',
      `Nothing changes until you answer. Sign in as you usually do and accept or decline the invitation: ${input.link}`,
      'If you do not know this organization, decline it: it then ends.',
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** Emails the invitation of an existing account (after the transaction committed). Never throws. */
export async function notifyUserInvited(ctx: ApiContext, notice: Omit<WelcomeNotice, 'existing'>): Promise<NotifyResult> {
  return sendAll(ctx, `invitation ${notice.to}`, [invitationEmail({ ...notice, link: portalLink(ctx, '/org/select-organization') })]);
}

/** The code that confirms a new email for an account (decision 093), sent to the new address. */
export function emailChangeCodeEmail(input: { to: string; firstName: string; code: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Confirm the new email of your Broadband Grants Portal account',
    text: [
      `Hello ${input.firstName},`,
      '',
      `Your code to confirm this address as the email of your Broadband Grants Portal account is ${input.code}. It is valid for 10 minutes.`,
      'If you did not ask for this change, ignore this email: nothing changes without the code.',
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** The notice to an account's former address once its email changed (decision 093). */
export function emailChangedNotice(input: { to: string; firstName: string; newEmail: string; by: string | null }): MailMessage {
  return {
    to: input.to,
    subject: 'The email of your Broadband Grants Portal account was changed',
    text: [
      `Hello ${input.firstName},`,
      '',
      `The email of your Broadband Grants Portal account was changed${input.by ? ` by ${input.by}` : ''} from this address to ${input.newEmail}.`,
      'Sign-in codes now go to the new address. If you did not ask for this, contact the state broadband office at once.',
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** Emails a user just added (after the transaction committed). Never throws. */
export async function notifyUserAdded(ctx: ApiContext, notice: WelcomeNotice): Promise<NotifyResult> {
  const link = portalLink(ctx, notice.organizationName ? '/org/login' : '/state/login');
  return sendAll(ctx, `welcome ${notice.to}`, [welcomeEmail({ ...notice, link })]);
}
