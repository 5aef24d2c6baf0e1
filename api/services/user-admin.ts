// The Users screens' rules (spec 2, 4, 5; docs/decisions/033, 093): an organization's users (a membership with a
// role, per organization) and the state's users (a state role). Every change is one transaction with its audit
// entry; who may call them is the routes' check (api/routes/users.ts, through the permissions table).
//
// An account (its email, names, phone and status) belongs to its owner (decision 093). An organization manages its
// membership only: the role there and the status there. Adding an email that has no account creates it; adding an
// existing organization account invites it (a membership 'invited' until the person accepts, signed in). Turning a
// member off in one organization ends that membership only: their sessions end only when no active membership is
// left, and their account's status is the State Admin's alone (an organization never reactivates an account). A
// state user's status is their account's. Concurrent changes of one organization's users (or of the state's) are
// serialized by a row lock taken first, so the last-admin rule and the status check read what the other change
// committed: the loser of two toggles gets 409, never a silent second win.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { apiTokens, memberships, organizations, userRoles, users } from '../db/schema';
import { pagedStatements, pageEnvelope, pagePlaceholders, param, type PageRequest } from '../db/paging';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http';
import { audit } from './audit';
import { findUserByEmail } from './users';
import { emailChangedNotice, notifyUserAdded, notifyUserInvited, sendAll } from './notifications';
import { hitRateLimit } from './rate-limit';
import { ORGANIZATION_MSG, USER_MSG } from '../../domain/messages';
import type { MemberStatus, UserFormInput, UserRow, UserStatus } from '../../domain/user-form';
import type { RoleName } from '../../domain/roles';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type { UserRow } from '../../domain/user-form';

/** An organization's change of a member: the role; the account's fields, when sent, must be the account's own (decision 093). */
export interface MembershipInput {
  roleId: RoleName;
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
}

/** Who is acting (their id, and their name for the welcome email). */
export interface Actor {
  id: string;
  firstName: string;
  lastName: string;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const isActive = (...statuses: string[]): UserStatus => (statuses.every((s) => s === 'active') ? 'active' : 'inactive');
/** A member's status in an organization's list: invited until accepted, else active when membership and account both are. */
export const memberStatus = (membership: string, account: string): MemberStatus => (membership === 'invited' ? 'invited' : isActive(membership, account));
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Every session of these users ends now (spec 4: an inactive account is signed out; api/services/auth.ts says why). */
export async function endSessions(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await tx.update(apiTokens).set({ revokedAt: new Date(), revokedReason: 'inactive' }).where(and(inArray(apiTokens.userId, [...userIds]), isNull(apiTokens.revokedAt)));
}

/** Another account already holds this email (409), unless it is `exceptId`'s. */
async function refuseTakenEmail(tx: Tx, email: string, exceptId: string) {
  const [other] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptId))).limit(1);
  if (other) throw conflict(USER_MSG.emailTaken);
}

/** A listed user's own fields, as both lists select them (first, in this order) and hand them on in a UserRow. */
const USER_COLUMNS = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber };
type UserFields = { id: string; firstName: string; lastName: string; email: string; phoneNumber: string | null };
const userFields = (r: UserFields): UserFields => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, phoneNumber: r.phoneNumber });

type OrgUserRow = UserFields & { role: string; membershipStatus: string; userStatus: string };
type StateUserRow = UserFields & { status: string; roles: string[] | string };

export function userAdmin(ctx: ApiContext) {
  const orgPage = pagedStatements<OrgUserRow>(ctx.db, 'org_users');
  const statePage = pagedStatements<StateUserRow>(ctx.db, 'state_users');

  /** An organization's users, by name (memberships_org_idx). */
  async function listOrganizationUsers(organizationId: string, page: PageRequest) {
    const { total, rows } = await orgPage('all', () => ({
      columns: {
        ...USER_COLUMNS,
        role: memberships.role,
        membershipStatus: sql<string>`${memberships.status}`.as('membership_status'),
        userStatus: sql<string>`${users.status}`.as('user_status'),
      },
      from: memberships,
      join: (q) => q.innerJoin(users, eq(users.id, memberships.userId)),
      where: eq(memberships.organizationId, sql`${param('organizationId')}::uuid`),
      orderBy: [users.lastName, users.firstName, users.id],
    }), { organizationId, ...pagePlaceholders(page) });
    return {
      ...pageEnvelope(page.page, page.limit, total),
      users: rows.map((r): UserRow => {
        const status = memberStatus(r.membershipStatus, r.userStatus);
        // An invitee's phone is their account's, not shown to an organization they have not joined (decision 093).
        return { ...userFields(r), ...(status === 'invited' ? { phoneNumber: null } : {}), roles: [{ name: r.role as RoleName }], status };
      }),
    };
  }

  /** The state's users, by name (users_role_type_name_idx). */
  async function listStateUsers(page: PageRequest) {
    const { total, rows } = await statePage('all', () => ({
      columns: {
        ...USER_COLUMNS,
        status: users.status,
        roles: sql<string[] | string>`coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = users.id), '[]'::json)`.as('roles'),
      },
      from: users,
      where: eq(users.roleType, sql`'state'`),
      orderBy: [users.lastName, users.firstName, users.id],
    }), pagePlaceholders(page));
    return {
      ...pageEnvelope(page.page, page.limit, total),
      users: rows.map((r): UserRow => ({
        ...userFields(r), roles: fromJson(r.roles).map((name) => ({ name: name as RoleName })), status: isActive(r.status),
      })),
    };
  }

  /** The organization's row, locked: one change of its users at a time (404 when it does not exist). */
  async function lockOrganization(tx: Tx, organizationId: string) {
    const [org] = await tx.select({ id: organizations.id, name: organizations.legalName, status: organizations.status }).from(organizations)
      .where(eq(organizations.id, organizationId)).for('update');
    if (!org) throw notFound('Organization not found');
    return org;
  }

  /** The user's membership of the organization with their account, locked (404 when they are not its user). */
  async function lockMember(tx: Tx, organizationId: string, userId: string) {
    const [row] = await tx
      .select({
        role: memberships.role, membershipStatus: memberships.status, userStatus: users.status,
        firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .for('update');
    if (!row) throw notFound(USER_MSG.notFound);
    return row;
  }

  /** Whether the organization keeps an active Organization_Admin other than `userId`. */
  async function otherActiveOrgAdmin(tx: Tx, organizationId: string, userId: string) {
    const [row] = await tx.select({ id: memberships.userId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
      .where(and(
        eq(memberships.organizationId, organizationId), eq(memberships.role, 'Organization_Admin'), eq(memberships.status, 'active'),
        eq(users.status, 'active'), ne(memberships.userId, userId),
      )).limit(1);
    return !!row;
  }

  /** 429 past the window's limit of users added (or invited) by one organization's admins, or by the state. */
  async function countUserAdded(key: string) {
    if (await hitRateLimit(ctx.db, 'user-add', key, ctx.limits.usersAdded, ctx.limits.windowSeconds)) throw new ApiError(429, USER_MSG.tooManyAdded);
  }

  /**
   * Adds a user to the organization with the chosen role. An email without an account: a new account and its
   * membership, and the welcome email. An existing organization account: an invitation (decision 093): a membership
   * 'invited' that gives nothing until its owner accepts it, and the invitation email; the account is left as it is.
   */
  async function addOrganizationUser(actor: Actor, organizationId: string, input: UserFormInput): Promise<UserRow> {
    const email = input.email.trim().toLowerCase();
    await countUserAdded(`org:${organizationId}`);
    const result = await ctx.db.transaction(async (tx) => {
      const org = await lockOrganization(tx, organizationId);
      if (org.status !== 'active') throw conflict(ORGANIZATION_MSG.inactiveOrganization);
      const existing = await findUserByEmail(tx as unknown as Db, email);
      if (existing) {
        if (existing.roleType !== 'org') throw conflict(USER_MSG.stateEmail);
        const [member] = await tx.select({ status: memberships.status }).from(memberships)
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, existing.id)));
        if (member) throw conflict(member.status === 'invited' ? USER_MSG.alreadyInvited : USER_MSG.alreadyMember);
        await tx.insert(memberships).values({ userId: existing.id, organizationId, role: input.roleId, status: 'invited', invitedBy: actor.id });
        await audit(tx, {
          action: 'USER_INVITED', entity: 'user', userId: actor.id, organizationId,
          details: { userId: existing.id, name: fullName(existing), role: input.roleId },
        });
        const row: UserRow = {
          // Their phone is their account's, not shown to an organization they have not joined.
          id: existing.id, firstName: existing.firstName, lastName: existing.lastName, email: existing.email, phoneNumber: null,
          roles: [{ name: input.roleId }], status: 'invited',
        };
        return { org, invited: true, row };
      }
      const [created] = await tx.insert(users).values({
        email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber ?? null, roleType: 'org',
      }).returning();
      const userId = created!.id;
      await tx.insert(memberships).values({ userId, organizationId, role: input.roleId, status: 'active' });
      await audit(tx, {
        action: 'USER_ADDED', entity: 'user', userId: actor.id, organizationId,
        details: { userId, name: fullName(input), email, role: input.roleId, existing: false },
      });
      const row: UserRow = {
        id: userId, firstName: input.firstName, lastName: input.lastName, email, phoneNumber: input.phoneNumber ?? null,
        roles: [{ name: input.roleId }], status: 'active',
      };
      return { org, invited: false, row };
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(USER_MSG.emailTaken);
      throw err;
    });
    const notice = { to: result.row.email, firstName: result.row.firstName, addedBy: fullName(actor), organizationName: result.org.name, role: input.roleId };
    if (result.invited) await notifyUserInvited(ctx, notice);
    else await notifyUserAdded(ctx, { ...notice, existing: false });
    return result.row;
  }

  /**
   * Changes an organization's user: their role in this organization (decision 093). Their name, email and phone are
   * their account's: a body naming other values than the account's is refused (403), and nothing changes.
   */
  async function updateOrganizationUser(actor: Actor, organizationId: string, userId: string, input: MembershipInput): Promise<UserRow> {
    return ctx.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const before = await lockMember(tx, organizationId, userId);
      const account = { firstName: before.firstName, lastName: before.lastName, email: before.email.toLowerCase(), phoneNumber: before.phoneNumber ?? null };
      const asked = { firstName: input.firstName, lastName: input.lastName, email: input.email?.trim().toLowerCase(), phoneNumber: input.phoneNumber };
      if ((['firstName', 'lastName', 'email', 'phoneNumber'] as const).some((k) => asked[k] !== undefined && (asked[k] || null) !== account[k])) {
        throw forbidden(USER_MSG.accountFieldsOwners);
      }
      const wasActiveAdmin = before.role === 'Organization_Admin' && memberStatus(before.membershipStatus, before.userStatus) === 'active';
      if (wasActiveAdmin && input.roleId !== 'Organization_Admin' && !(await otherActiveOrgAdmin(tx, organizationId, userId))) {
        throw conflict(USER_MSG.lastOrganizationAdmin);
      }
      if (before.role !== input.roleId) {
        await tx.update(memberships).set({ role: input.roleId }).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
        await audit(tx, {
          action: 'USER_UPDATED', entity: 'user', userId: actor.id, organizationId,
          details: { userId, name: fullName(before), email: before.email, role: input.roleId, changed: [FIELD_WORDS.roleId] },
        });
      }
      return {
        id: userId, firstName: before.firstName, lastName: before.lastName, email: before.email, phoneNumber: before.phoneNumber ?? null,
        roles: [{ name: input.roleId }], status: memberStatus(before.membershipStatus, before.userStatus),
      };
    });
  }

  /** Withdraws a pending invitation (the organization's admin): the membership row goes; 404 when none is pending. */
  async function withdrawInvitation(actor: Actor, organizationId: string, userId: string): Promise<UserRow> {
    return ctx.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const member = await lockMember(tx, organizationId, userId);
      if (member.membershipStatus !== 'invited') throw notFound(USER_MSG.invitationNotFound);
      await tx.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
      await audit(tx, {
        action: 'USER_INVITATION_WITHDRAWN', entity: 'user', userId: actor.id, organizationId,
        details: { userId, name: fullName(member), role: member.role },
      });
      return {
        id: userId, firstName: member.firstName, lastName: member.lastName, email: member.email, phoneNumber: member.phoneNumber,
        roles: [{ name: member.role as RoleName }], status: 'invited',
      };
    });
  }

  /** Whether the user keeps an active membership of an active organization other than `organizationId`. */
  async function activeElsewhere(tx: Tx, userId: string, organizationId: string) {
    const [row] = await tx.select({ id: memberships.organizationId }).from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active'), eq(organizations.status, 'active'), ne(memberships.organizationId, organizationId)))
      .limit(1);
    return !!row;
  }

  /**
   * Turns an organization's user on or off in this organization (spec 4); `to` is the status asked for, checked
   * against the current one. Off ends the membership; their sessions end only when no active membership of an active
   * organization is left (another organization's never). On reopens the membership; an account the state deactivated
   * stays so unless the caller acts as State_Admin (`liftsAccount`), who may lift it (decision 093).
   */
  async function setOrganizationUserStatus(actor: Actor, organizationId: string, userId: string, to: UserStatus, liftsAccount = false): Promise<UserRow> {
    return ctx.db.transaction(async (tx) => {
      const org = await lockOrganization(tx, organizationId);
      const member = await lockMember(tx, organizationId, userId);
      if (member.membershipStatus === 'invited') throw conflict(USER_MSG.invitationPending);
      if (to === 'inactive' && userId === actor.id) throw badRequest(USER_MSG.cannotDisableSelf);
      const current = isActive(member.membershipStatus, member.userStatus);
      // An inactive organization's users stay signed out (docs/decisions/035): enabling one would reopen their account.
      if (to === 'active' && current !== 'active' && org.status !== 'active') throw conflict(ORGANIZATION_MSG.inactiveOrganization);
      if (current === to) throw conflict(to === 'inactive' ? USER_MSG.alreadyDisabled : USER_MSG.alreadyEnabled);
      const ofMembership = and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId));
      if (to === 'inactive') {
        if (member.role === 'Organization_Admin' && !(await otherActiveOrgAdmin(tx, organizationId, userId))) throw conflict(USER_MSG.lastOrganizationAdmin);
        await tx.update(memberships).set({ status: 'inactive' }).where(and(ofMembership, eq(memberships.status, 'active')));
        if (!(await activeElsewhere(tx, userId, organizationId))) await endSessions(tx, [userId]);
      } else {
        if (member.userStatus !== 'active' && !liftsAccount) throw conflict(USER_MSG.accountDeactivated);
        await tx.update(memberships).set({ status: 'active' }).where(ofMembership);
        if (member.userStatus !== 'active') await tx.update(users).set({ status: 'active', updatedAt: new Date() }).where(eq(users.id, userId));
      }
      await audit(tx, {
        action: to === 'inactive' ? 'USER_DISABLED' : 'USER_ENABLED', entity: 'user', userId: actor.id, organizationId,
        details: { userId, name: fullName(member), role: member.role, ...(to === 'active' && member.userStatus !== 'active' ? { accountReactivated: true } : {}) },
      });
      return {
        id: userId, firstName: member.firstName, lastName: member.lastName, email: member.email, phoneNumber: member.phoneNumber,
        roles: [{ name: member.role as RoleName }], status: to,
      };
    });
  }

  /** The state's users change one at a time: the State_Admin role rows are locked first, in one order. */
  async function lockStateAdmins(tx: Tx) {
    await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'State_Admin')).orderBy(userRoles.userId).for('update');
  }

  async function lockStateUser(tx: Tx, userId: string) {
    const [row] = await tx.select({
      firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber, status: users.status,
    }).from(users).where(and(eq(users.id, userId), eq(users.roleType, 'state'))).for('update');
    if (!row) throw notFound(USER_MSG.notFound);
    const roles = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.role)).map((r) => r.role as RoleName);
    return { ...row, roles };
  }

  async function otherActiveStateAdmin(tx: Tx, userId: string) {
    const [row] = await tx.select({ id: users.id }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.role, 'State_Admin'), eq(users.status, 'active'), ne(users.id, userId))).limit(1);
    return !!row;
  }

  /** Adds a state user with a state role; an email that already has an account is refused (409). */
  async function addStateUser(actor: Actor, input: UserFormInput): Promise<UserRow> {
    const email = input.email.trim().toLowerCase();
    await countUserAdded('state');
    const row = await ctx.db.transaction(async (tx) => {
      await lockStateAdmins(tx);
      if (await findUserByEmail(tx as unknown as Db, email)) throw conflict(USER_MSG.emailTaken);
      const [created] = await tx.insert(users).values({
        email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber ?? null, roleType: 'state',
      }).returning();
      await tx.insert(userRoles).values({ userId: created!.id, role: input.roleId });
      await audit(tx, {
        action: 'USER_ADDED', entity: 'user', userId: actor.id,
        details: { userId: created!.id, name: fullName(created!), email, role: input.roleId, existing: false },
      });
      return {
        id: created!.id, firstName: created!.firstName, lastName: created!.lastName, email, phoneNumber: created!.phoneNumber,
        roles: [{ name: input.roleId }], status: 'active' as const,
      };
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(USER_MSG.emailTaken);
      throw err;
    });
    await notifyUserAdded(ctx, { to: email, firstName: row.firstName, addedBy: fullName(actor), organizationName: null, role: input.roleId, existing: false });
    return row;
  }

  /**
   * Edits a state user: names, email, phone and their (one) state role. A changed email is told to the old address
   * (decision 093), so a person whose sign-in codes now go elsewhere knows it.
   */
  async function updateStateUser(actor: Actor, userId: string, input: UserFormInput): Promise<UserRow> {
    let formerEmail: string | null = null;
    const row = await ctx.db.transaction(async (tx) => {
      await lockStateAdmins(tx);
      const before = await lockStateUser(tx, userId);
      const wasActiveAdmin = before.roles.includes('State_Admin') && before.status === 'active';
      if (wasActiveAdmin && input.roleId !== 'State_Admin' && !(await otherActiveStateAdmin(tx, userId))) throw conflict(USER_MSG.lastStateAdmin);
      const email = input.email.trim().toLowerCase();
      if (email !== before.email.toLowerCase()) await refuseTakenEmail(tx, email, userId);
      const next = { firstName: input.firstName, lastName: input.lastName, email, phoneNumber: input.phoneNumber ?? null };
      const roleChanged = before.roles.length !== 1 || before.roles[0] !== input.roleId;
      const changed = [
        ...(['firstName', 'lastName', 'email', 'phoneNumber'] as const).filter((k) => (before[k] ?? null) !== next[k]).map((k) => FIELD_WORDS[k]),
        ...(roleChanged ? [FIELD_WORDS.roleId] : []),
      ];
      await tx.update(users).set({ ...next, updatedAt: new Date() }).where(eq(users.id, userId));
      if (email !== before.email.toLowerCase()) formerEmail = before.email;
      if (roleChanged) {
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        await tx.insert(userRoles).values({ userId, role: input.roleId });
      }
      if (changed.length > 0) {
        await audit(tx, { action: 'USER_UPDATED', entity: 'user', userId: actor.id, details: { userId, name: fullName(next), email, role: input.roleId, changed } });
      }
      return { id: userId, ...next, roles: [{ name: input.roleId }], status: isActive(before.status) };
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(USER_MSG.emailTaken);
      throw err;
    });
    if (formerEmail) {
      await sendAll(ctx, `email changed ${formerEmail}`, [emailChangedNotice({ to: formerEmail, firstName: row.firstName, newEmail: row.email, by: fullName(actor) })]);
    }
    return row;
  }

  /** Turns a state user on or off; `to` is the status asked for, checked against the current one (a conditional update). */
  async function setStateUserStatus(actor: Actor, userId: string, to: UserStatus): Promise<UserRow> {
    return ctx.db.transaction(async (tx) => {
      await lockStateAdmins(tx);
      const user = await lockStateUser(tx, userId);
      if (to === 'inactive' && userId === actor.id) throw badRequest(USER_MSG.cannotDisableSelf);
      if (to === 'inactive' && user.roles.includes('State_Admin') && user.status === 'active' && !(await otherActiveStateAdmin(tx, userId))) {
        throw conflict(USER_MSG.lastStateAdmin);
      }
      const changed = await tx.update(users).set({ status: to, updatedAt: new Date() })
        .where(and(eq(users.id, userId), ne(users.status, to))).returning({ id: users.id });
      if (changed.length === 0) throw conflict(to === 'inactive' ? USER_MSG.alreadyDisabled : USER_MSG.alreadyEnabled);
      if (to === 'inactive') await endSessions(tx, [userId]);
      await audit(tx, {
        action: to === 'inactive' ? 'USER_DISABLED' : 'USER_ENABLED', entity: 'user', userId: actor.id,
        details: { userId, name: fullName(user), email: user.email, role: user.roles[0] ?? null },
      });
      return { id: userId, firstName: user.firstName, lastName: user.lastName, email: user.email, phoneNumber: user.phoneNumber, roles: user.roles.map((name) => ({ name })), status: to };
    });
  }

  return {
    listOrganizationUsers, listStateUsers,
    addOrganizationUser, updateOrganizationUser, withdrawInvitation, setOrganizationUserStatus,
    addStateUser, updateStateUser, setStateUserStatus,
  };
}

/** The fields an edit changed, in the history's words. */
const FIELD_WORDS = { firstName: 'first name', lastName: 'last name', email: 'email', phoneNumber: 'phone', roleId: 'role' } as const;

