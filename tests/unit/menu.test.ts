// The side menu table of spec section 2, role by role, and the path rules.
import { describe, expect, it } from 'vitest';
import { menuFor, redirectForMenuPath, selectedMenuPath } from '../../domain/menu';
import { canUseMessages, roleLabel, roleTypeOf, type RoleName } from '../../domain/roles';

const EXPECTED: Record<RoleName, string[]> = {
  // Admin Dashboard: not in spec 2's table, its route is in spec 2's list (issue 41 item 4).
  Organization_Admin: ['Dashboard', 'Admin Dashboard', 'Users', 'Applications', 'Unlock Requests', 'Entity Profile', 'Documents', 'Messages', 'History'],
  Organization_Staff: ['Dashboard', 'Applications', 'Entity Profile', 'Documents', 'Messages', 'History'],
  State_Admin: ['Dashboard', 'Users', 'Applications', 'Candidate Dashboard', 'Organizations', 'Reviewers', 'Unlock Requests', 'Messages', 'History'],
  State_Reviewer: ['Dashboard', 'Applications'],
  CTC_Admin: ['Dashboard', 'Applications'],
  CTC_Reviewer: ['Dashboard', 'Applications'],
  RSM_Admin: ['Dashboard', 'Applications', 'History'],
  RSM_Reviewer: ['Dashboard', 'Applications'],
  RSM_Financial_Reviewer: ['Dashboard', 'Applications'],
};

describe('menuFor', () => {
  it.each(Object.entries(EXPECTED))('%s sees exactly its items', (role, labels) => {
    const type = roleTypeOf(role as RoleName);
    const menu = menuFor(role as RoleName, type);
    expect(menu.map((m) => m.label)).toEqual(labels);
    for (const item of menu) expect(item.path.startsWith(`/${type}/`)).toBe(true);
  });

  it('uses the spec paths', () => {
    expect(menuFor('Organization_Admin', 'org').map((m) => m.path)).toEqual([
      '/org/dashboard', '/org/admin-dashboard', '/org/users', '/org/applications', '/org/unlock-requests', '/org/organization-profile',
      '/org/documents', '/org/messages', '/org/history',
    ]);
  });
});

describe('selection and redirects', () => {
  it('selects by the first two path segments', () => {
    expect(selectedMenuPath('/org/applications/bead-applcn/GA-ABC123')).toBe('/org/applications');
    expect(selectedMenuPath('/state/dashboard')).toBe('/state/dashboard');
  });

  it('sends a role to its first allowed item when the path is not its own', () => {
    expect(redirectForMenuPath('/org/users', 'Organization_Staff', 'org')).toBe('/org/dashboard');
    expect(redirectForMenuPath('/state/organizations', 'CTC_Admin', 'state')).toBe('/state/dashboard');
    expect(redirectForMenuPath('/org/users', 'Organization_Admin', 'org')).toBeNull();
    expect(redirectForMenuPath('/org/admin-dashboard', 'Organization_Staff', 'org')).toBe('/org/dashboard');
    expect(redirectForMenuPath('/org/admin-dashboard', 'Organization_Admin', 'org')).toBeNull();
    expect(redirectForMenuPath('/org/not-a-menu-path', 'Organization_Staff', 'org')).toBeNull();
  });
});

describe('roles', () => {
  it('shows roles with spaces for underscores', () => {
    expect(roleLabel('RSM_Financial_Reviewer')).toBe('RSM Financial Reviewer');
  });

  it('offers Messages only to non-reviewer, non-RSM/CTC-admin, non-financial roles', () => {
    const allowed = (Object.keys(EXPECTED) as RoleName[]).filter(canUseMessages);
    expect(allowed.sort()).toEqual(['Organization_Admin', 'Organization_Staff', 'State_Admin']);
  });
});
