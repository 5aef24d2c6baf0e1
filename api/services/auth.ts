// Sign-in by emailed code and bearer tokens (spec 7 Auth; DESIGN section 3).
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { apiTokens, loginCodes, users } from '../db/schema';
import { hmac, randomCode, randomToken, sameHash } from '../crypto';
import { ApiError } from '../http';
import { findUserByEmail, loadProfile, profileColumns, profileFromRow, type UserProfile } from './users';
import { hitRateLimit } from './rate-limit';
import { ProcessCache, forgetProcessCaches, keptFrom, lookupStart, stillKept, type Lifetime } from '../process-cache';
import {
  LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_WRONG_TRIES, LOGIN_CODE_TTL_MS, SERVER_IDLE_LIMIT_MS,
} from '../../domain/constants';
import { MSG, PORTAL_MSG } from '../../domain/messages';

const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Avoid a write on every request: last use is recorded at most once a minute. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const codeHash = (ctx: ApiContext, email: string, code: string) => hmac(ctx.secret, 'login-code', email, code);
const tokenHash = (ctx: ApiContext, token: string) => hmac(ctx.secret, 'api-token', token);

export async function sendLoginCode(ctx: ApiContext, email: string, ip: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await countLoginCodeRequest(ctx, normalized, ip);
  const user = await findUserByEmail(ctx.db, normalized);
  // Unknown emails get the same answer as known ones; nothing is sent.
  if (user) await mailLoginCode(ctx, user);
}

/** The per-address and per-email limits on sending codes: a 429 ApiError past either. */
export async function countLoginCodeRequest(ctx: ApiContext, normalizedEmail: string, ip: string): Promise<void> {
  const { otpPerIp, otpPerEmail, windowSeconds } = ctx.limits;
  if (await hitRateLimit(ctx.db, 'otp-ip', ip, otpPerIp, windowSeconds)) {
    throw new ApiError(429, PORTAL_MSG.tooManyForIp);
  }
  if (await hitRateLimit(ctx.db, 'otp-email', normalizedEmail, otpPerEmail, windowSeconds)) {
    throw new ApiError(429, PORTAL_MSG.tooManyForEmail);
  }
}

/** A new code for this user (retiring earlier ones), emailed; `alreadyRegistered` after a sign-up with their email. */
export async function mailLoginCode(
  ctx: ApiContext,
  user: { email: string; firstName: string },
  opts: { alreadyRegistered?: boolean } = {},
): Promise<void> {
  const normalized = user.email.toLowerCase();
  const code = randomCode(LOGIN_CODE_LENGTH);
  await ctx.db.transaction(async (tx) => {
    // Only the newest code works: earlier unused ones are retired.
    await tx
      .update(loginCodes)
      .set({ burnedAt: new Date() })
      .where(and(eq(loginCodes.email, normalized), isNull(loginCodes.usedAt), isNull(loginCodes.burnedAt)));
    await tx.insert(loginCodes).values({
      email: normalized,
      codeHash: codeHash(ctx, normalized, code),
      expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS),
    });
  });
  const registeredNote = opts.alreadyRegistered
    ? ['Someone asked to register a new organization with this email, but it already has an account: sign in with the code below instead.', '']
    : [];
  await ctx.mailer.send({
    to: normalized,
    subject: `Your Broadband Grants Portal sign-in code: ${code}`,
    text: [
      `Hello ${user.firstName},`,
      '',
      ...registeredNote,
      `Your sign-in code is ${code}.`,
      'It is valid for 10 minutes and works once.',
      '',
      'If you did not ask for it, you can ignore this email: nobody can sign in without the code.',
    ].join('\n'),
  });
}

export async function verifyLoginCode(
  ctx: ApiContext,
  email: string,
  otp: string,
  ip: string,
): Promise<{ token: string; user: UserProfile }> {
  const normalized = email.trim().toLowerCase();
  const { otpPerIp, windowSeconds } = ctx.limits;
  if (await hitRateLimit(ctx.db, 'verify-ip', ip, otpPerIp * 2, windowSeconds)) {
    throw new ApiError(429, PORTAL_MSG.tooManyForIp);
  }
  const live = and(
    eq(loginCodes.email, normalized),
    isNull(loginCodes.usedAt),
    isNull(loginCodes.burnedAt),
    gt(loginCodes.expiresAt, new Date()),
  );
  // A try is counted before its guess is compared, in one conditional update: concurrent tries queue
  // on the row and re-check the count, so at most LOGIN_CODE_MAX_WRONG_TRIES guesses are ever
  // evaluated per code (wrong_tries counts every evaluated try; the right one then marks it used).
  const newest = ctx.db.select({ id: loginCodes.id }).from(loginCodes).where(live).orderBy(desc(loginCodes.createdAt)).limit(1);
  const [current] = await ctx.db
    .update(loginCodes)
    .set({ wrongTries: sql`${loginCodes.wrongTries} + 1` })
    .where(and(inArray(loginCodes.id, newest), live, lt(loginCodes.wrongTries, LOGIN_CODE_MAX_WRONG_TRIES)))
    .returning({ id: loginCodes.id, codeHash: loginCodes.codeHash, tries: loginCodes.wrongTries });
  if (!current) {
    const [latest] = await ctx.db
      .select({ usedAt: loginCodes.usedAt, tries: loginCodes.wrongTries })
      .from(loginCodes)
      .where(and(eq(loginCodes.email, normalized), gt(loginCodes.expiresAt, new Date())))
      .orderBy(desc(loginCodes.createdAt))
      .limit(1);
    if (latest && !latest.usedAt && latest.tries >= LOGIN_CODE_MAX_WRONG_TRIES) throw new ApiError(429, PORTAL_MSG.codeBurned);
    throw new ApiError(401, PORTAL_MSG.codeInvalid);
  }

  if (!sameHash(current.codeHash, codeHash(ctx, normalized, otp.trim()))) {
    const burned = current.tries >= LOGIN_CODE_MAX_WRONG_TRIES;
    if (burned) await ctx.db.update(loginCodes).set({ burnedAt: new Date() }).where(eq(loginCodes.id, current.id));
    throw new ApiError(401, burned ? PORTAL_MSG.codeBurned : PORTAL_MSG.codeInvalid);
  }

  // Marking the code used only when it is still unused makes a replayed code fail.
  const used = await ctx.db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(loginCodes.id, current.id), isNull(loginCodes.usedAt), isNull(loginCodes.burnedAt)))
    .returning({ id: loginCodes.id });
  if (used.length === 0) throw new ApiError(401, PORTAL_MSG.codeInvalid);

  const user = await findUserByEmail(ctx.db, normalized);
  if (!user) throw new ApiError(401, PORTAL_MSG.codeInvalid);
  if (user.status !== 'active') throw new ApiError(403, MSG.inactiveAccount);
  const profile = await loadProfile(ctx.db, user.id);
  if (!profile) throw new ApiError(401, PORTAL_MSG.codeInvalid);
  if (shutOut(profile)) throw new ApiError(403, MSG.inactiveAccount);

  const token = randomToken();
  await ctx.db.insert(apiTokens).values({
    userId: user.id,
    tokenHash: tokenHash(ctx, token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
  });
  return { token, user: profile };
}

/**
 * Whether the person has no way in: their account is inactive, or (an organization account) no active membership of
 * an active organization is left and no invitation waits (decision 093: their organizations ended their memberships).
 * Signing in is refused with spec 4's inactive message, and a session ended for it keeps saying so.
 */
function shutOut(profile: Pick<UserProfile, 'status' | 'roleType' | 'organizations' | 'invitations'>): boolean {
  if (profile.status !== 'active') return true;
  return profile.roleType === 'org' && !profile.organizations.some((o) => o.status === 'active') && !profile.invitations?.length;
}

export interface Authenticated {
  tokenId: string;
  profile: UserProfile;
}

/**
 * Tokens verified by this process in the last few seconds (api/process-cache.ts; decision 048): a request with one
 * is not looked up again. Log Out, a user switched off, a role or an organization changed hold at once in this
 * process and within PROCESS_CACHE_TTL_MS on the others. The idle and touch rules read the last use the database
 * had when the token was verified, so a token near either limit is looked up as before (and touched, or ended).
 */
interface Verified { lastUsedAt: number; expiresAt: number; auth: Authenticated }
const verifiedTokens = new ProcessCache<Verified>();

/**
 * The user behind a bearer token, or a 401/403 ApiError. A token this process verified a moment ago is answered
 * from verifiedTokens; otherwise one statement reads the token, its user, their roles and organizations, and a
 * second is written only when the token's last use is recorded (at most once a minute) or the token is ended
 * (idle, or its user switched off).
 */
export async function authenticate(ctx: ApiContext, token: string | undefined): Promise<Authenticated> {
  if (!token) throw new ApiError(401, PORTAL_MSG.notSignedIn);
  const hash = tokenHash(ctx, token);
  const start = lookupStart();
  const known = verifiedTokens.get(ctx.db, hash, start.at);
  if (known && known.expiresAt > start.at && start.at - known.lastUsedAt <= TOUCH_INTERVAL_MS) return known.auth;
  const [row] = await ctx.db
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      revokedReason: apiTokens.revokedReason,
      ...profileColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hash))
    .limit(1);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now) throw new ApiError(401, PORTAL_MSG.notSignedIn);
  if (row.revokedAt) {
    // A token ended because its user was switched off keeps saying why while they are off: the request
    // that meets it next (the page, after a background keep-alive met it first) signs out with the message.
    if (row.revokedReason === 'inactive' && shutOut(profileFromRow(row))) throw new ApiError(403, MSG.inactiveAccount);
    throw new ApiError(401, PORTAL_MSG.notSignedIn);
  }
  if (now - row.lastUsedAt.getTime() > SERVER_IDLE_LIMIT_MS) {
    await ctx.db.update(apiTokens).set({ revokedAt: new Date(), revokedReason: 'idle' }).where(eq(apiTokens.id, row.tokenId));
    throw new ApiError(401, PORTAL_MSG.sessionExpired);
  }
  if (row.status !== 'active') {
    await ctx.db.update(apiTokens).set({ revokedAt: new Date(), revokedReason: 'inactive' }).where(eq(apiTokens.id, row.tokenId));
    throw new ApiError(403, MSG.inactiveAccount);
  }
  let lastUsedAt = row.lastUsedAt.getTime();
  if (now - lastUsedAt > TOUCH_INTERVAL_MS) {
    const touched = new Date();
    await ctx.db.update(apiTokens).set({ lastUsedAt: touched }).where(eq(apiTokens.id, row.tokenId));
    lastUsedAt = touched.getTime();
  }
  // Frozen: the same answer is handed to every request that uses the token in the next few seconds.
  const auth: Authenticated = Object.freeze({ tokenId: row.tokenId, profile: Object.freeze(profileFromRow(row)) });
  if (verifiedTokens.keep(ctx.db, hash, { lastUsedAt, expiresAt: row.expiresAt.getTime(), auth }, start)) {
    // Answered from verifiedTokens until the first of: the cache's time, the next touch, the token's end.
    const kept = keptFrom(start);
    authLifetimes.set(auth, { generation: kept.generation, until: Math.min(kept.until, lastUsedAt + TOUCH_INTERVAL_MS + 1, row.expiresAt.getTime()) });
  }
  return auth;
}

const authLifetimes = new WeakMap<Authenticated, Lifetime>();

/** How long this identity is answered from verifiedTokens without a lookup (undefined: it was not kept, or no longer is). */
export function authLifetime(auth: Authenticated): Lifetime | undefined {
  const lifetime = authLifetimes.get(auth);
  return lifetime && stillKept(lifetime) ? lifetime : undefined;
}

/**
 * The owner of a token that may still hold posted answers: valid, or ended only by the idle rule, and
 * within its 12-hour life, for an active organization user. Nothing else is allowed with such a token.
 */
export async function holdingUser(ctx: ApiContext, token: string | undefined): Promise<string> {
  if (!token) throw new ApiError(401, PORTAL_MSG.notSignedIn);
  const [row] = await ctx.db
    .select({ userId: apiTokens.userId, expiresAt: apiTokens.expiresAt, revokedAt: apiTokens.revokedAt, revokedReason: apiTokens.revokedReason })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, tokenHash(ctx, token)))
    .limit(1);
  if (!row || (row.revokedAt && row.revokedReason !== 'idle') || row.expiresAt.getTime() <= Date.now()) {
    throw new ApiError(401, PORTAL_MSG.notSignedIn);
  }
  const [user] = await ctx.db.select({ status: users.status, roleType: users.roleType }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user || user.status !== 'active' || user.roleType !== 'org') throw new ApiError(403, MSG.actionNotAllowed);
  return row.userId;
}

export async function revokeToken(ctx: ApiContext, tokenId: string): Promise<void> {
  await ctx.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, tokenId));
  // Log Out is a GET (spec 7): the write rule of api/index.ts does not see it.
  forgetProcessCaches();
}
