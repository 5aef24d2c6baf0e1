// The UI session: an httpOnly cookie holding the bearer token (encrypted), the chosen organization and role type.
import crypto from 'node:crypto';
import {
  createCookie, createCookieSessionStorage, createSession, redirect, type AppLoadContext, type Session, type SessionStorage,
} from '@remix-run/node';
import type { RoleName, RoleType } from '../../domain/roles';
import { SERVER_IDLE_LIMIT_MS } from '../../domain/constants';

export interface SessionData {
  token: string;
  userId: string;
  roleType: RoleType;
  organizationId: string;
  organizationName: string;
  role: RoleName;
  lastSeen: number;
  pendingEmail: string;
  loginError: string;
  /** The page a signed-out person asked for, kept from the login's first step to the end of the sign-in. */
  returnTo: string;
  /** After answers were held at a session's end: the form to reopen once this user signs in again. */
  heldReturn: { userId: string; organizationId: string; path: string };
}
export type PortalSession = Session<Partial<SessionData>>;

const storages = new Map<string, ReturnType<typeof makeStorages>>();

// The cookie is signed, so readable by whoever holds it: the bearer token in it is sealed with
// AES-256-GCM under a key derived from the session secret.
const SEALED_PREFIX = 'v1.';

export function tokenKey(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'broadband-portal', 'session-cookie-token', 32));
}

export function sealToken(key: Buffer, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The token, or null for anything this key did not seal (tampered, another secret, an older cookie). */
export function openToken(key: Buffer, sealed: unknown): string | null {
  if (typeof sealed !== 'string' || !sealed.startsWith(SEALED_PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Sealed tokens this process has opened (their tokens), kept up to this many; past it the memory starts again. */
const OPENED_LIMIT = 10_000;

function sealedTokenStorage(inner: SessionStorage<Partial<SessionData>>, key: Buffer): SessionStorage<Partial<SessionData>> {
  // The sealed form a session's token arrived in: a page that only moves lastSeen sends the same token back, so it
  // goes back as it came (sealing it again would be a fresh AES-GCM pass on every page for the same secret).
  const arrivedSealed = new WeakMap<PortalSession, { token: string; sealed: string }>();
  // So a session's every page brings the same sealed token, opened once here: what opens under this key is always the
  // same token (AES-GCM checks the whole of it), and only what opened is kept.
  const opened = new Map<string, string>();
  const open = (sealed: unknown): string | null => {
    if (typeof sealed !== 'string') return null;
    const known = opened.get(sealed);
    if (known !== undefined) return known;
    const token = openToken(key, sealed);
    if (token !== null) {
      if (opened.size >= OPENED_LIMIT) opened.clear();
      opened.set(sealed, token);
    }
    return token;
  };
  return {
    async getSession(cookieHeader, options) {
      const session = await inner.getSession(cookieHeader, options);
      if (!session.has('token')) return session;
      const sealed = session.get('token');
      const token = open(sealed);
      // Fails closed: a token that does not open means signed out, with nothing else kept.
      if (token === null) return inner.getSession();
      session.set('token', token);
      arrivedSealed.set(session, { token, sealed: sealed as string });
      return session;
    },
    commitSession(session, options) {
      const token = session.get('token');
      if (!token) return inner.commitSession(session, options);
      const arrived = arrivedSealed.get(session);
      const sealedToken = arrived?.token === token ? arrived.sealed : sealToken(key, token);
      const sealed = createSession<Partial<SessionData>>({ ...session.data, token: sealedToken }, session.id);
      return inner.commitSession(sealed, options);
    },
    destroySession: (session, options) => inner.destroySession(session, options),
  };
}

function makeStorages(secret: string, secure: boolean) {
  const common = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure, secrets: [secret] };
  return {
    session: sealedTokenStorage(
      createCookieSessionStorage<Partial<SessionData>>({ cookie: createCookie('__session', common) }),
      tokenKey(secret),
    ),
    toast: createCookieSessionStorage<{ toast: Toast }>({ cookie: createCookie('__toast', common) }),
    prefs: createCookie('__prefs', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 60 * 60 * 24 * 365 }),
  };
}

/**
 * The cookies of this request: `Secure` only when it arrived over HTTPS (directly, or through a proxy TRUST_PROXY
 * believes), as HSTS is (decision 009). A plain-http demo then keeps its session in every browser: lynx and w3m
 * (rightly) drop a Secure cookie set over http, and a sign-in would silently come back to the form.
 */
export function storagesFor(context: AppLoadContext) {
  const { sessionSecret } = context.portal;
  const secure = context.secureRequest === true;
  const key = `${sessionSecret}:${secure}`;
  let found = storages.get(key);
  if (!found) {
    found = makeStorages(sessionSecret, secure);
    storages.set(key, found);
  }
  return found;
}

export function getSession(request: Request, context: AppLoadContext): Promise<PortalSession> {
  return storagesFor(context).session.getSession(request.headers.get('Cookie'));
}

export function commitSession(session: PortalSession, context: AppLoadContext): Promise<string> {
  return storagesFor(context).session.commitSession(session);
}

export function destroySession(session: PortalSession, context: AppLoadContext): Promise<string> {
  return storagesFor(context).session.destroySession(session);
}

export function isIdleExpired(session: PortalSession, now = Date.now()): boolean {
  const lastSeen = session.get('lastSeen');
  return typeof lastSeen === 'number' && now - lastSeen > SERVER_IDLE_LIMIT_MS;
}

// ---- Toasts: flash messages rendered server-side in a live region ----
export interface Toast {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

export async function toastHeader(context: AppLoadContext, toast: Toast): Promise<string> {
  const storage = storagesFor(context).toast;
  const session = await storage.getSession();
  session.flash('toast', toast);
  return storage.commitSession(session);
}

export async function readToast(request: Request, context: AppLoadContext): Promise<{ toast: Toast | null; header: string | null }> {
  const storage = storagesFor(context).toast;
  const session = await storage.getSession(request.headers.get('Cookie'));
  const toast = session.get('toast') ?? null;
  return { toast, header: toast ? await storage.destroySession(session) : null };
}

export async function redirectWithToast(url: string, context: AppLoadContext, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastHeader(context, toast));
  return redirect(url, { ...init, headers });
}

// ---- Preferences: theme and menu, kept after logout ----
export interface Preferences {
  theme: 'light' | 'dark';
  /** 'auto': open on large screens, collapsed on small ones; 'swapped': the other way round (the toggle without JavaScript). */
  menu: 'open' | 'collapsed' | 'auto' | 'swapped';
}

export async function readPreferences(request: Request, context: AppLoadContext): Promise<Preferences> {
  const raw = (await storagesFor(context).prefs.parse(request.headers.get('Cookie'))) as Partial<Preferences> | null;
  return {
    theme: raw?.theme === 'dark' ? 'dark' : 'light',
    menu: raw?.menu === 'open' || raw?.menu === 'collapsed' || raw?.menu === 'swapped' ? raw.menu : 'auto',
  };
}

export function writePreferences(context: AppLoadContext, prefs: Preferences): Promise<string> {
  return storagesFor(context).prefs.serialize(prefs);
}

const UNSAFE_CHARS = /[\\\u0000-\u001f\u007f]/;
const STAND_IN = 'http://portal.invalid';

/**
 * Only same-site paths: never send a user to another host after a form post or a sign-in. A path has
 * one leading slash, no backslash or control character (browsers drop a tab or newline, so "/\t/x.org"
 * would be "//x.org"), no empty segment ("//" anywhere in the path, raw or percent-decoded, so
 * "/%2F%2Fx.org" and "/.//x.org" are refused), and stays on the site when resolved.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (!to || typeof to !== 'string' || to.length > 2048) return fallback;
  if (!to.startsWith('/') || UNSAFE_CHARS.test(to)) return fallback;
  const end = to.search(/[?#]/);
  let path = end === -1 ? to : to.slice(0, end);
  for (let round = 0; round < 3; round++) {
    if (path.includes('//') || UNSAFE_CHARS.test(path)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return fallback;
    }
    if (decoded === path) break;
    path = decoded;
  }
  if (path.includes('//') || UNSAFE_CHARS.test(path)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(to, STAND_IN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== STAND_IN || resolved.pathname.startsWith('//')) return fallback;
  return to;
}

/** The pages of the sign-in itself: never a place to return to after it. */
const SIGN_IN_PAGES = new Set(['/org/login', '/state/login', '/org/sign-up', '/org/select-organization']);

/**
 * Where a sign-in may return to (the page a signed-out person asked for, kept through the login, the
 * code and the organization chooser): a same-site path of the portal's pages for that role type
 * (/org/… or /state/…), not a sign-in page; null otherwise.
 */
export function returnPath(to: FormDataEntryValue | string | null | undefined, roleType?: RoleType): string | null {
  const safe = safeRedirect(to, '');
  if (!safe) return null;
  const { pathname } = new URL(safe, STAND_IN);
  const prefix = /^\/(org|state)(?:\/|$)/.exec(pathname)?.[1];
  if (!prefix || (roleType && prefix !== roleType)) return null;
  if (SIGN_IN_PAGES.has(pathname.replace(/\/+$/, ''))) return null;
  return safe;
}

/**
 * The login page for a signed-out request, remembering a page that was being read: the state's own (/state/login) for
 * a /state/… page (issue 41: a state link opened signed out asked for the organization sign-in), /org/login (spec 2)
 * for every other; `login` names it when the caller knows the side (the session that ended).
 */
export function loginPathFor(request: Request, login?: string): string {
  const url = new URL(request.url);
  login ??= /^\/state(\/|\.data$|$)/.test(url.pathname) ? '/state/login' : '/org/login';
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return login;
  // A client-side navigation's data request (single fetch) names the page it is for.
  url.searchParams.delete('_data');
  url.searchParams.delete('_routes');
  const page = returnPath(url.pathname.replace(/\.data$/, '') + url.search);
  return page ? `${login}?redirectTo=${encodeURIComponent(page)}` : login;
}
