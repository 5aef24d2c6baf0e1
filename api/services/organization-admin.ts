// The Organizations screen's rules (spec 2, 7; docs/decisions/035): every organization with its users, paged in SQL,
// and an organization's status. Toggling one of its users is the Users screen's service (api/services/user-admin.ts,
// PUT organization/{orgId}/toggle-status/{userId}): the same rules, one place.
//
// An organization's user can sign in while their account is active (api/services/auth.ts). Deactivating an
// organization closes the accounts of the users whose only active organization it was (their membership stays
// active: the organization, not the person, was switched off) and ends their sessions in the same transaction;
// users with another active organization keep their account (the chooser shows this one inactive). Activating it
// reopens the accounts of its users whose membership is active. One transaction each, the organization's row locked
// first (as the Users screen's changes do), audited.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { memberships, organizations, users } from '../db/schema';
import { pagedStatements, pageEnvelope, pagePlaceholders, param, type PageRequest } from '../db/paging';
import { conflict, notFound } from '../http';
import { audit } from './audit';
import { endSessions } from './user-admin';
import { ORGANIZATION_MSG } from '../../domain/messages';
import type { MemberStatus, UserStatus } from '../../domain/user-form';
import type { RoleName } from '../../domain/roles';

export type OrganizationStatus = 'active' | 'inactive';

export interface OrganizationUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: { name: RoleName }[];
  status: MemberStatus;
}

export interface OrganizationWithUsers {
  id: string;
  legalName: string;
  status: OrganizationStatus;
  userCount: number;
  users: OrganizationUser[];
}

export interface OrganizationQuery extends PageRequest {
  search?: string;
  status?: OrganizationStatus;
}

type Row = { id: string; legalName: string; status: string; users: unknown };
type JsonUser = { id: string; firstName: string; lastName: string; email: string; role: string; membershipStatus: string; userStatus: string };

const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
/** A search text as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function organizationAdmin(ctx: ApiContext) {
  const page = pagedStatements<Row>(ctx.db, 'orgs_with_users');

  /** Organizations by name (organizations_legal_name_idx), each with every user (memberships_org_idx). */
  async function listWithUsers(query: OrganizationQuery) {
    const search = query.search?.trim() ? containing(query.search.trim()) : null;
    const shape = `${search ? 's' : ''}${query.status ? 'f' : ''}` || 'all';
    const { total, rows } = await page(shape, () => ({
      columns: {
        id: organizations.id,
        legalName: organizations.legalName,
        status: organizations.status,
        users: sql<unknown>`coalesce((
          select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
            'role', m.role, 'membershipStatus', m.status, 'userStatus', u.status) order by u.last_name, u.first_name, u.id)
          from memberships m join users u on u.id = m.user_id where m.organization_id = organizations.id), '[]'::json)`.as('users'),
      },
      from: organizations,
      where: and(
        search ? sql`${organizations.legalName} ilike ${param('search')}` : undefined,
        query.status ? sql`${organizations.status} = ${param('status')}` : undefined,
      ),
      orderBy: [organizations.legalName, organizations.id],
    }), { ...(search ? { search } : {}), ...(query.status ? { status: query.status } : {}), ...pagePlaceholders(query) });
    return {
      ...pageEnvelope(query.page, query.limit, total),
      organizations: rows.map((r): OrganizationWithUsers => {
        const members = fromJson<JsonUser[]>(r.users);
        return {
          id: r.id, legalName: r.legalName, status: r.status === 'active' ? 'active' : 'inactive', userCount: members.length,
          users: members.map((u) => ({
            id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, roles: [{ name: u.role as RoleName }],
            status: u.membershipStatus === 'invited' ? 'invited' : u.membershipStatus === 'active' && u.userStatus === 'active' ? 'active' : 'inactive',
          })),
        };
      }),
    };
  }

  /** Activates or deactivates the organization; `to` is the status asked for (409 when it already has it). */
  async function setStatus(actorId: string, organizationId: string, to: OrganizationStatus) {
    return ctx.db.transaction(async (tx) => {
      const [org] = await tx.select({ id: organizations.id, legalName: organizations.legalName, status: organizations.status })
        .from(organizations).where(eq(organizations.id, organizationId)).for('update');
      if (!org) throw notFound('Organization not found');
      if (org.status === to) throw conflict(to === 'inactive' ? ORGANIZATION_MSG.alreadyInactive : ORGANIZATION_MSG.alreadyActive);
      await tx.update(organizations).set({ status: to, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
      // Its users with an active membership; `others`: how many other active memberships of active organizations they keep.
      const members = await tx
        .select({
          id: users.id, status: users.status,
          others: sql<number>`(select count(*) from memberships o join organizations oo on oo.id = o.organization_id
            where o.user_id = ${users.id} and o.organization_id <> ${organizationId} and o.status = 'active' and oo.status = 'active')`.mapWith(Number),
        })
        .from(memberships).innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'active')))
        .for('update', { of: users });
      let changed: string[] = [];
      if (to === 'inactive') {
        changed = members.filter((m) => m.status === 'active' && m.others === 0).map((m) => m.id);
        if (changed.length) {
          await tx.update(users).set({ status: 'inactive', updatedAt: new Date() }).where(inArray(users.id, changed));
          await endSessions(tx, changed);
        }
      } else {
        changed = members.filter((m) => m.status !== 'active').map((m) => m.id);
        if (changed.length) await tx.update(users).set({ status: 'active', updatedAt: new Date() }).where(and(inArray(users.id, changed), ne(users.status, 'active')));
      }
      await audit(tx, {
        action: to === 'inactive' ? 'ORGANIZATION_DEACTIVATED' : 'ORGANIZATION_ACTIVATED', entity: 'organization', userId: actorId, organizationId,
        details: { name: org.legalName, users: changed.length },
      });
      return { organization: { id: org.id, legalName: org.legalName, status: to } };
    });
  }

  return { listWithUsers, setStatus };
}
