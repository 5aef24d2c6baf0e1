// Sign-in, the route guard and logout for the UI (spec 2 Route guard, 4 Session).
import { redirect, type AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { OtpStrategy } from './otp-strategy.server';
import { callApi, forgetReads, isApiFailure, unavailablePage } from './api.server';
import {
  commitSession, destroySession, getSession, isIdleExpired, loginPathFor, returnPath, safeRedirect, storagesFor, toastHeader,
  type PortalSession, type SessionData, type Toast,
} from './session.server';
import type { RoleName, RoleType } from '../../domain/roles';
import type { ProfileOrganization, UserProfile } from '../../domain/users';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { formReadFrom } from './form-data.server';
import type { z } from 'zod';
import type { HeldAnswers, SignedInSchema } from '../../domain/api-schemas';
import type { VerifyOtpInput } from '../../domain/auth-schemas';
import type { HeldFormQuery, HoldBody } from '../../domain/api-requests';

export type { ProfileOrganization, UserProfile };
/** verify-otp's answer: the type of the schema the API documents it with (domain/api-schemas.ts). */
export type SignedIn = z.infer<typeof SignedInSchema>;

export function authenticatorFor(context: AppLoadContext) {
  const authenticator = new Authenticator<SignedIn>();
  authenticator.use(
    new OtpStrategy<SignedIn>(
      ({ email, code }) => callApi<SignedIn>(context, '/verify-otp', { method: 'POST', body: { email, otp: code } satisfies VerifyOtpInput }),
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
    return takeReturnPath(session, 'state') ?? '/state/dashboard';
  }
  const active = activeOrganizations(user);
  // Straight in when there is one organization and no invitation to answer (the chooser shows invitations).
  if (active.length === 1 && user.organizations.length === 1 && !user.invitations?.length) {
    chooseOrganization(session, active[0]!);
    return afterOrganizationChosen(session);
  }
  // The page asked for (returnTo) stays in the session for the chooser.
  return '/org/select-organization';
}

/** The page a signed-out person asked for, once: for this role type, else null (an org user with a state link gets their dashboard). */
export function takeReturnPath(session: PortalSession, roleType: RoleType): string | null {
  const wanted = session.get('returnTo');
  session.unset('returnTo');
  return returnPath(wanted, roleType);
}

/** Where an organization user lands once their organization is known: held answers' form, the page asked for, or the dashboard. */
export function afterOrganizationChosen(session: PortalSession): string {
  const held = heldReturnPath(session);
  const asked = takeReturnPath(session, 'org');
  return held ?? asked ?? '/org/dashboard';
}

/** The form whose answers were held when this user's last session ended, once they are back in its organization. */
export function heldReturnPath(session: PortalSession): string | null {
  const held = session.get('heldReturn');
  if (!held) return null;
  session.unset('heldReturn');
  const same = held.userId === session.get('userId') && held.organizationId === session.get('organizationId');
  return same ? safeRedirect(held.path, '') || null : null;
}

export function chooseOrganization(session: PortalSession, org: ProfileOrganization) {
  session.set('organizationId', org.id);
  session.set('organizationName', org.name);
  session.set('role', org.role.name);
}

/**
 * Revokes the token (best effort), ends the session and lands on /{roleType}/login; `heldReturn` is
 * the only thing kept, for the next sign-in.
 */
export async function logout(request: Request, context: AppLoadContext, toast?: Toast, heldReturn?: SessionData['heldReturn']): Promise<Response> {
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
    forgetReads(token);
  }
  const headers = new Headers();
  if (heldReturn) {
    const next = await storagesFor(context).session.getSession();
    next.set('heldReturn', heldReturn);
    headers.append('Set-Cookie', await commitSession(next, context));
  } else {
    headers.append('Set-Cookie', await destroySession(session, context));
  }
  if (notice) headers.append('Set-Cookie', await toastHeader(context, notice));
  // A page being read when the session ended is where the next sign-in returns (held answers' form first).
  const login = `/${roleType}/login`;
  return redirect(heldReturn ? login : loginPathFor(request, login), { headers });
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

/** Where held answers of a form are kept: per organization and page (the step is part of the page). */
function heldFormKey(session: PortalSession, page: URL): string {
  const step = page.searchParams.get('step');
  return `${session.get('organizationId') ?? ''}:${page.pathname}${step ? `?step=${step}` : ''}`;
}

/** Fields of the posts below that are not answers. */
const NOT_ANSWERS = new Set(['intent', 'reason', 'heldFrom']);

/**
 * Typed fields (not chosen files) of the form on `page`, held by the API for this user under a token
 * the idle rule may have ended (whether it still may is the API's call). Answers where to return after
 * the next sign-in, or null when nothing was held.
 */
async function holdAnswers(
  context: AppLoadContext,
  session: PortalSession,
  token: string,
  form: FormData,
  page: URL,
): Promise<SessionData['heldReturn'] | null> {
  const userId = session.get('userId');
  const organizationId = session.get('organizationId');
  const fields = [...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !NOT_ANSWERS.has(entry[0]));
  if (!userId || !organizationId || fields.length === 0) return null;
  try {
    await callApi(context, '/held-submissions', { method: 'PUT', token, body: { formKey: heldFormKey(session, page), fields } satisfies z.input<typeof HoldBody> });
  } catch (error) {
    if (isApiFailure(error)) return null;
    throw error;
  }
  return { userId, organizationId, path: page.pathname + page.search };
}

/**
 * The answers held for this form when the user's last session ended, as the form posted them. Read,
 * not consumed: a reload shows them again until the form's save succeeds (releaseHeldAnswers).
 */
export async function heldAnswers(request: Request, context: AppLoadContext, user: PortalUser): Promise<FormData | null> {
  try {
    const held = await callApi<HeldAnswers>(context, '/held-submissions', {
      token: user.token,
      query: { formKey: heldFormKey(user.session, new URL(request.url)) } satisfies z.input<typeof HeldFormQuery>,
    });
    const form = new FormData();
    for (const [name, value] of held.fields) form.append(name, value);
    return form;
  } catch (error) {
    // None held (404), or the API cannot answer now: then they stay held for a later visit.
    if (isApiFailure(error)) return null;
    throw error;
  }
}

/** After a successful save of the form: what was held for it is done with. Best effort (held answers expire anyway). */
export async function releaseHeldAnswers(request: Request, context: AppLoadContext, user: PortalUser): Promise<void> {
  try {
    await callApi(context, '/held-submissions', {
      method: 'DELETE',
      token: user.token,
      query: { formKey: heldFormKey(user.session, new URL(request.url)) } satisfies z.input<typeof HeldFormQuery>,
    });
  } catch (error) {
    if (!isApiFailure(error)) throw error;
  }
}

/** Signs out; when answers were held, says so and keeps where to return. */
function signOutHolding(request: Request, context: AppLoadContext, heldReturn: SessionData['heldReturn'] | null, toast: Toast) {
  if (!heldReturn) return logout(request, context, toast);
  return logout(request, context, { type: 'info', title: PORTAL_MSG.answersHeld }, heldReturn);
}

/** The session has ended: hold what a Save posted when it may, then sign out. */
async function sessionEnded(request: Request, context: AppLoadContext, session: PortalSession, token: string, hold: boolean, toast: Toast): Promise<Response> {
  const form = hold ? (formReadFrom(request) ?? (request.bodyUsed ? null : await request.clone().formData().catch(() => null))) : null;
  const heldReturn = form ? await holdAnswers(context, session, token, form, new URL(request.url)) : null;
  return signOutHolding(request, context, heldReturn, toast);
}

/** Saves whose guard was asked to hold their answers (requirePortalUser's holdAnswers). */
const holdingSaves = new WeakSet<Request>();

/**
 * An API call inside an action answered 401 (the session ended after the guard let the request in, for
 * example between two calls over HTTP): a Save's posted answers are held as when the guard finds the
 * session ended, then the person is signed out. Anything else is signed out with "Please sign in to continue."
 */
export async function signedOutDuring(request: Request, context: AppLoadContext): Promise<Response> {
  const toast: Toast = { type: 'error', title: PORTAL_MSG.notSignedIn };
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token || !holdingSaves.has(request)) return logout(request, context, toast);
  return sessionEnded(request, context, session, token, true, toast);
}

/**
 * The idle countdown ran out (JavaScript): the watcher posts the answers typed but not saved on the
 * page `heldFrom`; they are held like a late Save's before the session ends.
 */
export async function idleLogout(request: Request, context: AppLoadContext, form: FormData): Promise<Response> {
  const session = await getSession(request, context);
  const token = session.get('token');
  const from = safeRedirect(form.get('heldFrom'), '');
  const heldReturn = token && from ? await holdAnswers(context, session, token, form, new URL(from, request.url)) : null;
  return signOutHolding(request, context, heldReturn, { type: 'info', title: PORTAL_MSG.sessionExpired });
}

/**
 * The guard of spec 2: no session → /org/login; another role type → /unauthorized; idle too long → logout.
 * Fetches the profile once per page (spec: the shell fetches it with the token).
 * `holdAnswers` (the Save of a form): when the session has ended, the posted answers are held first.
 */
export function requirePortalUser(
  request: Request,
  context: AppLoadContext,
  roleType: RoleType,
  options: { holdAnswers?: boolean } = {},
): Promise<PortalUser> {
  // A page's loaders (the shell's and the page's) share one load context per request: the user is read
  // once for all of them. Not across an action: what it changed (the profile, the organization) is read again.
  const reading = context.requestMethod === 'GET' || context.requestMethod === 'HEAD';
  if (!reading) return readPortalUser(request, context, roleType, options);
  let byRole = portalUsers.get(context);
  if (!byRole) portalUsers.set(context, (byRole = new Map()));
  let user = byRole.get(roleType);
  if (!user) byRole.set(roleType, (user = readPortalUser(request, context, roleType, options)));
  return user;
}

const portalUsers = new WeakMap<AppLoadContext, Map<RoleType, Promise<PortalUser>>>();

async function readPortalUser(
  request: Request,
  context: AppLoadContext,
  roleType: RoleType,
  { holdAnswers = false }: { holdAnswers?: boolean },
): Promise<PortalUser> {
  if (holdAnswers) holdingSaves.add(request);
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token) throw redirect(loginPathFor(request));
  if (session.get('roleType') !== roleType) throw redirect('/unauthorized');
  if (isIdleExpired(session)) {
    throw await sessionEnded(request, context, session, token, holdAnswers, { type: 'info', title: PORTAL_MSG.sessionExpired });
  }

  let profile: UserProfile;
  try {
    profile = await callApi<UserProfile>(context, '/users/me', { token });
  } catch (error) {
    if (isApiFailure(error) && error.status === 401) {
      throw await sessionEnded(request, context, session, token, holdAnswers, { type: 'error', title: PORTAL_MSG.notSignedIn });
    }
    if (isApiFailure(error) && error.status === 403) throw await logout(request, context, { type: 'error', title: error.message });
    // An outage is not a reason to sign anyone out.
    throw unavailablePage(error);
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

/**
 * Whether the session is still open, without ending it: the page's background posts (autosave, the presence beat) ask
 * first and answer 401 when it is not, leaving the end of the session (and the holding of typed answers) to the
 * page's own Save or the idle watcher.
 */
export async function sessionStillOpen(request: Request, context: AppLoadContext): Promise<boolean> {
  const session = await getSession(request, context);
  return !!session.get('token') && !isIdleExpired(session);
}

/**
 * The keep-alive ("Stay connected", or activity with JavaScript): refreshes the session's last activity
 * here and the token's last use at the API, without loading a page. Null when the session has ended.
 */
export async function touchSession(request: Request, context: AppLoadContext): Promise<string | null> {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token || isIdleExpired(session)) return null;
  try {
    await callApi(context, '/users/me', { token });
  } catch (error) {
    if (isApiFailure(error) && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
  session.set('lastSeen', Date.now());
  return commitSession(session, context);
}

export { storagesFor };
