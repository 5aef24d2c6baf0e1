// A person's own account (decision 093): what only its owner changes (names, phone, email), and the invitations
// they answer. The email changes only with a code sent to the new address (stored hashed, 10 minutes, 5 tries), and
// the old address is told once it has changed. Every change is one transaction with its audit entry.
import { and, eq, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { emailChanges, memberships, organizations, users } from '../db/schema';
import { hmac, randomCode, sameHash } from '../crypto';
import { ApiError, badRequest, conflict, notFound } from '../http';
import { audit } from './audit';
import { emailChangeCodeEmail, emailChangedNotice, sendAll } from './notifications';
import { hitRateLimit } from './rate-limit';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_WRONG_TRIES, LOGIN_CODE_TTL_MS } from '../../domain/constants';
import { ACCOUNT_MSG, INVITATION_MSG, PORTAL_MSG, USER_MSG } from '../../domain/messages';
import type { RoleName } from '../../domain/roles';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The person acting on their own account. */
export interface Owner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface OwnAccountInput {
  firstName: string;
  lastName: string;
  phoneNumber?: string;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const changeCodeHash = (ctx: ApiContext, userId: string, email: string, code: string) => hmac(ctx.secret, 'email-change', userId, email, code);

export function accounts(ctx: ApiContext) {
  /** The invitation to `organizationId` the owner has not answered, locked; 404 when none is pending. */
  async function lockInvitation(tx: Tx, owner: Owner, organizationId: string) {
    const [row] = await tx
      .select({ role: memberships.role, organizationName: organizations.legalName, organizationStatus: organizations.status })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.userId, owner.id), eq(memberships.organizationId, organizationId), eq(memberships.status, 'invited')))
      .for('update');
    if (!row) throw notFound(INVITATION_MSG.notFound);
    return row;
  }

  /** Accepts an invitation: the membership becomes active with the role it named (409 when the organization is inactive). */
  async function acceptInvitation(owner: Owner, organizationId: string) {
    return ctx.db.transaction(async (tx) => {
      const invitation = await lockInvitation(tx, owner, organizationId);
      if (invitation.organizationStatus !== 'active') throw conflict(INVITATION_MSG.inactiveOrganization);
      await tx.update(memberships).set({ status: 'active' })
        .where(and(eq(memberships.userId, owner.id), eq(memberships.organizationId, organizationId), eq(memberships.status, 'invited')));
      await audit(tx, {
        action: 'USER_INVITATION_ACCEPTED', entity: 'user', userId: owner.id, organizationId,
        details: { userId: owner.id, name: fullName(owner), role: invitation.role },
      });
      return { organizationId, name: invitation.organizationName, role: { name: invitation.role as RoleName }, message: INVITATION_MSG.accepted(invitation.organizationName) };
    });
  }

  /** Declines an invitation: it ends, and the organization's history says so. */
  async function declineInvitation(owner: Owner, organizationId: string) {
    return ctx.db.transaction(async (tx) => {
      const invitation = await lockInvitation(tx, owner, organizationId);
      await tx.delete(memberships)
        .where(and(eq(memberships.userId, owner.id), eq(memberships.organizationId, organizationId), eq(memberships.status, 'invited')));
      await audit(tx, {
        action: 'USER_INVITATION_DECLINED', entity: 'user', userId: owner.id, organizationId,
        details: { userId: owner.id, name: fullName(owner), role: invitation.role },
      });
      return { organizationId, message: INVITATION_MSG.declined(invitation.organizationName) };
    });
  }

  /** The owner's names and phone. */
  async function updateOwnAccount(owner: Owner, input: OwnAccountInput) {
    return ctx.db.transaction(async (tx) => {
      const [before] = await tx.select({ firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber })
        .from(users).where(eq(users.id, owner.id)).for('update');
      if (!before) throw notFound(USER_MSG.notFound);
      const next = { firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber ?? null };
      const changed = (['firstName', 'lastName', 'phoneNumber'] as const).filter((k) => (before[k] ?? null) !== next[k]).map((k) => FIELD_WORDS[k]);
      if (changed.length > 0) {
        await tx.update(users).set({ ...next, updatedAt: new Date() }).where(eq(users.id, owner.id));
        await audit(tx, { action: 'ACCOUNT_UPDATED', entity: 'user', userId: owner.id, details: { userId: owner.id, name: fullName(next), changed } });
      }
      return { message: ACCOUNT_MSG.saved, changed };
    });
  }

  /** The email change waiting for its code, if any (the address it would move to, and until when its code is valid). */
  async function pendingEmailChange(owner: Owner) {
    const [row] = await ctx.db.select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt }).from(emailChanges)
      .where(and(eq(emailChanges.userId, owner.id), sql`${emailChanges.expiresAt} > now()`, sql`${emailChanges.wrongTries} < ${LOGIN_CODE_MAX_WRONG_TRIES}`));
    return row ?? null;
  }

  /**
   * Asks to move the account to `newEmail`: a code goes to that address (replacing any earlier request). Whether
   * another account holds the address is told only once the code proves the asker receives its mail.
   */
  async function requestEmailChange(owner: Owner, newEmail: string) {
    const email = newEmail.trim().toLowerCase();
    if (email === owner.email.toLowerCase()) throw badRequest(ACCOUNT_MSG.emailSame, { email: [ACCOUNT_MSG.emailSame] });
    const { otpPerEmail, windowSeconds } = ctx.limits;
    if (await hitRateLimit(ctx.db, 'email-change', owner.id, otpPerEmail, windowSeconds)) throw new ApiError(429, ACCOUNT_MSG.tooManyCodes);
    const code = randomCode(LOGIN_CODE_LENGTH);
    const values = {
      userId: owner.id, newEmail: email, codeHash: changeCodeHash(ctx, owner.id, email, code),
      expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS), wrongTries: 0, createdAt: new Date(),
    };
    await ctx.db.transaction(async (tx) => {
      await tx.insert(emailChanges).values(values).onConflictDoUpdate({ target: emailChanges.userId, set: values });
      await audit(tx, { action: 'ACCOUNT_EMAIL_CHANGE_ASKED', entity: 'user', userId: owner.id, details: { userId: owner.id, name: fullName(owner) } });
    });
    await sendAll(ctx, `email change ${email}`, [emailChangeCodeEmail({ to: email, firstName: owner.firstName, code })]);
    return { newEmail: email, message: ACCOUNT_MSG.codeSent(email) };
  }

  /** Confirms the change with the code sent to the new address; the old address is told. */
  async function confirmEmailChange(owner: Owner, code: string) {
    const result = await ctx.db.transaction(async (tx) => {
      const [change] = await tx.select().from(emailChanges)
        .where(and(eq(emailChanges.userId, owner.id), sql`${emailChanges.expiresAt} > now()`)).for('update');
      if (!change) throw conflict(ACCOUNT_MSG.noChangePending);
      if (change.wrongTries >= LOGIN_CODE_MAX_WRONG_TRIES) throw new ApiError(429, PORTAL_MSG.codeBurned);
      if (!sameHash(change.codeHash, changeCodeHash(ctx, owner.id, change.newEmail, code.trim()))) {
        // The wrong try is counted even though the answer is an error: the transaction commits it.
        const tries = change.wrongTries + 1;
        await tx.update(emailChanges).set({ wrongTries: tries }).where(eq(emailChanges.id, change.id));
        return { wrong: tries >= LOGIN_CODE_MAX_WRONG_TRIES ? PORTAL_MSG.codeBurned : PORTAL_MSG.codeInvalid, oldEmail: '', newEmail: '' };
      }
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${change.newEmail}`).limit(1);
      if (taken) throw conflict(USER_MSG.emailTaken);
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, owner.id)).for('update');
      await tx.update(users).set({ email: change.newEmail, updatedAt: new Date() }).where(eq(users.id, owner.id));
      await tx.delete(emailChanges).where(eq(emailChanges.id, change.id));
      await audit(tx, {
        action: 'ACCOUNT_EMAIL_CHANGED', entity: 'user', userId: owner.id,
        details: { userId: owner.id, name: fullName(owner), changed: ['email'] },
      });
      return { wrong: null, oldEmail: before!.email, newEmail: change.newEmail };
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(USER_MSG.emailTaken);
      throw err;
    });
    if (result.wrong) throw new ApiError(result.wrong === PORTAL_MSG.codeBurned ? 429 : 400, result.wrong, { code: [result.wrong] });
    await sendAll(ctx, `email changed ${result.oldEmail}`, [emailChangedNotice({ to: result.oldEmail, firstName: owner.firstName, newEmail: result.newEmail, by: null })]);
    return { email: result.newEmail, message: ACCOUNT_MSG.emailChanged(result.newEmail) };
  }

  /** Drops a pending email change (its code then no longer works). */
  async function cancelEmailChange(owner: Owner) {
    await ctx.db.delete(emailChanges).where(eq(emailChanges.userId, owner.id));
    return { message: ACCOUNT_MSG.changeCancelled };
  }

  return { acceptInvitation, declineInvitation, updateOwnAccount, pendingEmailChange, requestEmailChange, confirmEmailChange, cancelEmailChange };
}

const FIELD_WORDS = { firstName: 'first name', lastName: 'last name', phoneNumber: 'phone' } as const;
