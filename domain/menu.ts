// The side menu of spec section 2: items and paths; who sees each item comes from the permissions
// table (domain/permissions.ts), and tests/unit/menu.test.ts pins the result to the spec's table.
import { rolesThatCan, type Access, type Action, type Entity } from './permissions';
import type { RoleName, RoleType } from './roles';
import { prefixFor } from './roles';

export type MenuIcon =
  | 'dashboard' | 'users' | 'applications' | 'organizations' | 'reviewers'
  | 'unlock' | 'profile' | 'documents' | 'messages' | 'history' | 'candidates' | 'admin';

export interface MenuItemDef {
  label: string;
  segment: string;
  icon: MenuIcon;
  /** The item is shown to the roles holding this permission in domain/permissions.ts (on some record; `through` these access levels only, when given). */
  shownWith: { action: Action; entity: Entity; through?: readonly Access[] };
  /** Derived from the permissions table. */
  roles: readonly RoleName[];
}

const item = (label: string, segment: string, icon: MenuIcon, action: Action, entity: Entity, through?: readonly Access[]): MenuItemDef => ({
  label, segment, icon, shownWith: { action, entity, ...(through ? { through } : {}) }, roles: rolesThatCan(action, entity, through),
});

export const MENU_ITEMS: readonly MenuItemDef[] = [
  item('Dashboard', 'dashboard', 'dashboard', 'read', 'application'),
  // Not in spec 2's table (its route is in spec 2's list): the Organization Admin's overview, for who manages an
  // organization's users from inside it (issue 41 item 4).
  item('Admin Dashboard', 'admin-dashboard', 'admin', 'read', 'user', ['organization']),
  item('Users', 'users', 'users', 'read', 'user'),
  item('Applications', 'applications', 'applications', 'read', 'application'),
  // Not in spec 2's table: the ranking of review rubric 6 (decision 043), for the roles that may open it (issue 41 item 13).
  item('Candidate Dashboard', 'candidate-dashboard', 'candidates', 'read', 'candidate'),
  item('Organizations', 'organizations', 'organizations', 'read', 'organization'),
  item('Reviewers', 'reviewers', 'reviewers', 'read', 'reviewer'),
  item('Unlock Requests', 'unlock-requests', 'unlock', 'read', 'unlock-request'),
  item('Entity Profile', 'organization-profile', 'profile', 'read', 'profile'),
  item('Documents', 'documents', 'documents', 'read', 'document'),
  item('Messages', 'messages', 'messages', 'read', 'message'),
  item('History', 'history', 'history', 'read', 'history'),
];

export interface MenuEntry {
  label: string;
  path: string;
  icon: MenuIcon;
}

export function menuFor(role: RoleName, roleType: RoleType): MenuEntry[] {
  const prefix = prefixFor(roleType);
  return MENU_ITEMS.filter((item) => item.roles.includes(role)).map((item) => ({
    label: item.label,
    path: `/${prefix}/${item.segment}`,
    icon: item.icon,
  }));
}

/** The selected item follows the first two path segments. */
export function selectedMenuPath(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean).slice(0, 2);
  return '/' + parts.join('/');
}

/**
 * When the path belongs to a menu item this role may not open, the first allowed item;
 * null when the path is allowed (or is not a menu path at all).
 */
export function redirectForMenuPath(pathname: string, role: RoleName, roleType: RoleType): string | null {
  const [prefix, segment] = pathname.split('/').filter(Boolean);
  if (prefix !== prefixFor(roleType) || !segment) return null;
  const item = MENU_ITEMS.find((m) => m.segment === segment);
  if (!item || item.roles.includes(role)) return null;
  return firstMenuPath(role, roleType);
}

/** Where a role is sent from a screen it may not open: its first menu item. */
export const firstMenuPath = (role: RoleName, roleType: RoleType): string => menuFor(role, roleType)[0]?.path ?? '/unauthorized';
