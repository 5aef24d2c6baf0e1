// What every signed-in page needs: the guard, the menu, the unread count, preferences.
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { requirePortalUser, type PortalUser } from './auth.server';
import { apiSession } from '../api/client.server';
import { unreadCount } from '../api/messages.server';
import { markOpenThread } from './open-thread.server';
import { readPreferences } from './session.server';
import { menuFor, redirectForMenuPath } from '../../domain/menu';
import { canUseMessages, type RoleType } from '../../domain/roles';

export async function loadShell(request: Request, context: AppLoadContext, roleType: RoleType) {
  const user = await requirePortalUser(request, context, roleType);
  const url = new URL(request.url);
  const elsewhere = redirectForMenuPath(url.pathname, user.role, roleType);
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });

  let unread: number | null = null;
  if (canUseMessages(user.role)) {
    await markOpenThread(request, context, user, roleType);
    try {
      // The chosen organization's conversations only, as the Messages list shows them (DESIGN 5).
      unread = await unreadCount(apiSession(context, user), user.organization?.id);
    } catch {
      unread = null;
    }
  }
  const prefs = await readPreferences(request, context);
  return data(
    {
      roleType,
      user: {
        fullName: `${user.profile.firstName} ${user.profile.lastName}`.trim(),
        role: user.role,
        email: user.profile.email,
      },
      organization: user.organization ? { id: user.organization.id, name: user.organization.name } : null,
      organizations: user.profile.organizations.map((o) => ({ id: o.id, name: o.name, active: o.status === 'active' })),
      menu: menuFor(user.role, roleType),
      unread,
      menuPreference: prefs.menu,
      theme: prefs.theme,
      helpUrl: context.portal.helpUrl,
    },
    { headers: { 'Set-Cookie': user.cookie } },
  );
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>['data'];

/** Loaders of pages inside the shell: the same guard, without loading the shell twice. */
export async function requireShellUser(request: Request, context: AppLoadContext, roleType: RoleType): Promise<PortalUser> {
  return requirePortalUser(request, context, roleType);
}
