// Users as the API shows them: the spec's user profile (section 3).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, organizations, userRoles, users } from '../db/schema';
import type { RoleName, RoleType } from '../../domain/roles';
import type { ProfileOrganization, UserProfile } from '../../domain/users';

export type { ProfileOrganization, UserProfile };

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function loadProfile(db: Db, userId: string): Promise<UserProfile | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const orgs = await db
    .select({ id: organizations.id, name: organizations.legalName, status: organizations.status, role: memberships.role, membershipStatus: memberships.status })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId)))
    .orderBy(organizations.legalName);
  const stateRoles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const roleNames = new Set<RoleName>([
    ...stateRoles.map((r) => r.role as RoleName),
    ...orgs.map((o) => o.role as RoleName),
  ]);
  return {
    id: user.id,
    email: user.email,
    phoneNumber: user.phoneNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    status: user.status,
    organizations: orgs.map((o) => ({
      id: o.id,
      name: o.name,
      // A membership switched off counts like an inactive organization for this user.
      status: o.status === 'active' && o.membershipStatus === 'active' ? 'active' : 'inactive',
      role: { name: o.role as RoleName },
    })),
    roles: [...roleNames].map((name) => ({ name })),
    roleType: user.roleType as RoleType,
  };
}
