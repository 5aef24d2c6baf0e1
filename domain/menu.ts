// The side menu table of spec section 2, exactly: items, paths and the roles that see them.
import type { RoleName, RoleType } from './roles';
import { prefixFor } from './roles';

export type MenuIcon =
  | 'dashboard' | 'users' | 'applications' | 'organizations' | 'reviewers'
  | 'unlock' | 'profile' | 'documents' | 'messages' | 'history';

export interface MenuItemDef {
  label: string;
  segment: string;
  icon: MenuIcon;
  roles: readonly RoleName[];
}

const DASHBOARD_ROLES: readonly RoleName[] = [
  'Organization_Admin', 'State_Admin', 'Organization_Staff', 'RSM_Reviewer', 'CTC_Reviewer',
  'State_Reviewer', 'RSM_Admin', 'CTC_Admin', 'RSM_Financial_Reviewer',
];

export const MENU_ITEMS: readonly MenuItemDef[] = [
  { label: 'Dashboard', segment: 'dashboard', icon: 'dashboard', roles: DASHBOARD_ROLES },
  { label: 'Users', segment: 'users', icon: 'users', roles: ['Organization_Admin', 'State_Admin'] },
  { label: 'Applications', segment: 'applications', icon: 'applications', roles: DASHBOARD_ROLES },
  { label: 'Organizations', segment: 'organizations', icon: 'organizations', roles: ['State_Admin'] },
  { label: 'Reviewers', segment: 'reviewers', icon: 'reviewers', roles: ['State_Admin'] },
  { label: 'Unlock Requests', segment: 'unlock-requests', icon: 'unlock', roles: ['State_Admin', 'Organization_Admin'] },
  { label: 'Entity Profile', segment: 'organization-profile', icon: 'profile', roles: ['Organization_Admin', 'Organization_Staff'] },
  { label: 'Documents', segment: 'documents', icon: 'documents', roles: ['Organization_Admin', 'Organization_Staff'] },
  { label: 'Messages', segment: 'messages', icon: 'messages', roles: ['Organization_Admin', 'State_Admin', 'Organization_Staff'] },
  { label: 'History', segment: 'history', icon: 'history', roles: ['Organization_Admin', 'State_Admin', 'Organization_Staff', 'RSM_Admin'] },
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
  return menuFor(role, roleType)[0]?.path ?? '/unauthorized';
}
