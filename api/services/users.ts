// Users as the API shows them: the spec's user profile (section 3).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { RoleName, RoleType } from '../../domain/roles';
import type { ProfileOrganization, UserProfile } from '../../domain/users';

export type { ProfileOrganization, UserProfile };

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
}

interface MembershipRow {
  id: string;
  name: string;
  status: string;
  role: string;
  membershipStatus: string;
}

/**
 * The columns of a user's profile, for a select over `users` (alone or joined): the user's
 * organizations and state roles come as JSON aggregates of the same statement, so a profile costs one query.
 * (The subqueries name `users.id` literally: drizzle leaves columns unqualified when a select has no join,
 * and an unqualified "id" inside them would be the organization's.)
 */
export const profileColumns = {
  id: users.id,
  email: users.email,
  phoneNumber: users.phoneNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  roleType: users.roleType,
  memberships: sql<MembershipRow[] | string>`coalesce((
    select json_agg(json_build_object('id', o.id, 'name', o.legal_name, 'status', o.status, 'role', m.role, 'membershipStatus', m.status) order by o.legal_name)
    from memberships m join organizations o on o.id = m.organization_id
    where m.user_id = users.id), '[]'::json)`,
  stateRoles: sql<string[] | string>`coalesce((select json_agg(r.role) from user_roles r where r.user_id = users.id), '[]'::json)`,
};

/** A row selected with profileColumns (roleType as stored: text). */
export type ProfileRow = Omit<UserProfile, 'organizations' | 'roles' | 'roleType'> & {
  roleType: string;
  memberships: MembershipRow[] | string;
  stateRoles: string[] | string;
};

/** JSON aggregates come parsed from node-postgres and PGlite alike; a driver handing text is read too. */
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function profileFromRow(row: ProfileRow): UserProfile {
  const all = fromJson(row.memberships);
  // An invitation is no membership until accepted (decision 093): no organization to choose, no role.
  const orgs = all.filter((o) => o.membershipStatus !== 'invited');
  const invitations = all.filter((o) => o.membershipStatus === 'invited' && o.status === 'active');
  const roleNames = new Set<RoleName>([...fromJson(row.stateRoles).map((r) => r as RoleName), ...orgs.map((o) => o.role as RoleName)]);
  return {
    id: row.id,
    email: row.email,
    phoneNumber: row.phoneNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    organizations: orgs.map((o) => ({
      id: o.id,
      name: o.name,
      // A membership switched off counts like an inactive organization for this user.
      status: o.status === 'active' && o.membershipStatus === 'active' ? 'active' : 'inactive',
      role: { name: o.role as RoleName },
    })),
    roles: [...roleNames].map((name) => ({ name })),
    roleType: row.roleType as RoleType,
    invitations: invitations.map((o) => ({ organizationId: o.id, name: o.name, role: { name: o.role as RoleName } })),
  };
}

export async function loadProfile(db: Db, userId: string): Promise<UserProfile | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ? profileFromRow(row) : null;
}
