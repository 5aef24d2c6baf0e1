// Sign-in, the route guard and logout for the UI (spec 2 Route guard, 4 Session).
import { redirect, type AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { OtpStrategy } from './otp-strategy.server';
import { callApi, isApiFailure } from './api.server';
import {
  commitSession, destroySession, getSession, isIdleExpired, storagesFor, toastHeader, type PortalSession, type Toast,
} from './session.server';
import type { RoleName, RoleType } from '../../domain/roles';
import type { ProfileOrganization, UserProfile } from '../../domain/users';
import { MSG, PORTAL_MSG } from '../../domain/messages';

export type { ProfileOrganization, UserProfile };
export interface SignedIn {
  token: string;
  user: UserProfile;
}

export function authenticatorFor(context: AppLoadContext) {
  const authenticator = new Authenticator<SignedIn>();
  authenticator.use(
    new OtpStrategy<SignedIn>(
      ({ email, code }) => callApi<SignedIn>(context, '/verify-otp', { method: 'POST', body: { email, otp: code } }),
      async (request) => (await getSession(request, context)).get('pendingEmail'),
    ),
    'otp',
  );
  return authenticator;
}

export function activeOrganizations(user: UserProfile): ProfileOrganization[] {
  return user.organizations.filter((o) => o.status === 'active');
}

/** Stores a fresh sign-in in the session and says where to go next. */
export function startSession(session: PortalSession, signedIn: SignedIn): string {
  const { token, user } = signedIn;
  session.unset('pendingEmail');
  session.set('token', token);
  session.set('userId', user.id);
  session.set('roleType', user.roleType);
  session.set('lastSeen', Date.now());
  session.unset('organizationId');
  session.unset('organizationName');
  if (user.roleType === 'state') {
    const role = user.roles[0]?.name;
    if (role) session.set('role', role);
    return '/state/dashboard';
  }
  const active = activeOrganizations(user);
  if (active.length === 1 && user.organizations.length === 1) {
    chooseOrganization(session, active[0]!);
    return '/org/dashboard';
  }
  return '/org/select-organization';
}

export function chooseOrganization(session: PortalSession, org: ProfileOrganization) {
  session.set('organizationId', org.id);
  session.set('organizationName', org.name);
  session.set('role', org.role.name);
}

/** Revokes the token (best effort), ends the session and lands on /{roleType}/login. */
export async function logout(request: Request, context: AppLoadContext, toast?: Toast): Promise<Response> {
  const session = await getSession(request, context);
  const token = session.get('token');
  const roleType = session.get('roleType') === 'state' ? 'state' : 'org';
  let notice = toast;
  if (token) {
    try {
      await callApi(context, '/logout', { token });
    } catch (error) {
      // An already-expired token is fine; anything else is worth saying.
      if (!(isApiFailure(error) && (error.status === 401 || error.status === 403)) && !notice) {
        notice = { type: 'error', title: MSG.logoutFailed };
      }
    }
  }
  const headers = new Headers();
  headers.append('Set-Cookie', await destroySession(session, context));
  if (notice) headers.append('Set-Cookie', await toastHeader(context, notice));
  return redirect(`/${roleType}/login`, { headers });
}

export interface PortalUser {
  session: PortalSession;
  token: string;
  roleType: RoleType;
  profile: UserProfile;
  role: RoleName;
  organization: ProfileOrganization | null;
  /** Set-Cookie for the refreshed session (last activity). */
  cookie: string;
}

/**
 * The guard of spec 2: no session → /org/login; another role type → /unauthorized; idle too long → logout.
 * Fetches the profile on every guarded page (spec: the shell fetches it with the token).
 */
export async function requirePortalUser(request: Request, context: AppLoadContext, roleType: RoleType): Promise<PortalUser> {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token) throw redirect('/org/login');
  if (session.get('roleType') !== roleType) throw redirect('/unauthorized');
  if (isIdleExpired(session)) throw await logout(request, context, { type: 'info', title: PORTAL_MSG.sessionExpired });

  let profile: UserProfile;
  try {
    profile = await callApi<UserProfile>(context, '/users/me', { token });
  } catch (error) {
    if (isApiFailure(error) && (error.status === 401 || error.status === 403)) {
      throw await logout(request, context, { type: 'error', title: error.status === 403 ? error.message : PORTAL_MSG.notSignedIn });
    }
    throw error;
  }

  let organization: ProfileOrganization | null = null;
  let role: RoleName | undefined;
  if (roleType === 'org') {
    const chosen = profile.organizations.find((o) => o.id === session.get('organizationId'));
    if (!chosen || chosen.status !== 'active') throw redirect('/org/select-organization');
    organization = chosen;
    role = chosen.role.name;
    if (session.get('role') !== role) chooseOrganization(session, chosen);
  } else {
    role = profile.roles[0]?.name;
    if (!role) throw redirect('/unauthorized');
  }
  session.set('lastSeen', Date.now());
  return { session, token, roleType, profile, role, organization, cookie: await commitSession(session, context) };
}

/** Session touch for "Stay connected": proves the user is there without loading a page. */
export async function touchSession(request: Request, context: AppLoadContext): Promise<string | null> {
  const session = await getSession(request, context);
  if (!session.get('token') || isIdleExpired(session)) return null;
  session.set('lastSeen', Date.now());
  return commitSession(session, context);
}

export { storagesFor };
