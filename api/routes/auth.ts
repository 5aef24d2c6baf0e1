// Auth routes (spec 7 Auth): send-login-otp, verify-otp, users/me, logout, organization/signup.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import type { ApiContext } from '../context';
import { clientIp, handler, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { authLifetime, countLoginCodeRequest, mailLoginCode, revokeToken, sendLoginCode, verifyLoginCode } from '../services/auth';
import { answerBuiltFrom } from '../process-cache';
import { findUserByEmail } from '../services/users';
import { memberships, organizations, users, loggedActions } from '../db/schema';
import { hitRateLimit } from '../services/rate-limit';
import { ApiError } from '../http';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { SendLoginOtpSchema, SignupSchema, VerifyOtpSchema } from '../../domain/auth-schemas';
import { doc } from '../openapi/declare';
import { MessageSchema, SignedInSchema, UserProfileSchema } from '../../domain/api-schemas';

const SendSchema = SendLoginOtpSchema;
const VerifySchema = VerifyOtpSchema;

export function authRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.post('/send-login-otp', doc({ summary: 'Email a 6-digit sign-in code (valid 10 minutes)', body: SendSchema, ok: MessageSchema, public: true, errors: [429] }), handler(async (req, res) => {
    const { email } = parseInput(SendSchema, req.body);
    await sendLoginCode(ctx, email, clientIp(req));
    res.json({ message: PORTAL_MSG.codeSent });
  }));

  router.post('/verify-otp', doc({ summary: 'Exchange the emailed code for a bearer token', description: '5 compared tries per code, then 429.', body: VerifySchema, ok: SignedInSchema, public: true, errors: [401, 403, 429] }), handler(async (req, res) => {
    const { email, otp } = parseInput(VerifySchema, req.body);
    res.json(await verifyLoginCode(ctx, email, otp, clientIp(req)));
  }));

  // The answer is the same whether or not the email already has an account (nothing tells anyone
  // which addresses are registered): either way the address is mailed a sign-in code.
  router.post('/organization/signup', doc({ summary: 'Sign a new organization up; its admin is emailed a sign-in code', body: SignupSchema, status: 201, ok: MessageSchema, public: true, errors: [429] }), handler(async (req, res) => {
    const input = parseInput(SignupSchema, req.body);
    const ip = clientIp(req);
    const email = input.email.trim().toLowerCase();
    if (await hitRateLimit(ctx.db, 'signup-ip', ip, ctx.limits.otpPerIp, ctx.limits.windowSeconds)) {
      throw new ApiError(429, PORTAL_MSG.tooManyForIp);
    }
    await countLoginCodeRequest(ctx, email, ip);
    const created = await ctx.db.transaction(async (tx) => {
      // The unique index on lower(email) decides, also between two sign-ups racing for one address.
      const [user] = await tx
        .insert(users)
        .values({
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber || null,
          roleType: 'org',
        })
        .onConflictDoNothing()
        .returning();
      if (!user) return null;
      const [org] = await tx.insert(organizations).values({ legalName: input.legalName }).returning();
      await tx.insert(memberships).values({ userId: user.id, organizationId: org!.id, role: 'Organization_Admin' });
      await tx.insert(loggedActions).values({
        organizationId: org!.id,
        userId: user.id,
        action: 'ORGANIZATION_SIGNED_UP',
        entity: 'organization',
        details: { legalName: input.legalName, email },
      });
      return user;
    });
    const account = created ?? (await findUserByEmail(ctx.db, email));
    if (account) await mailLoginCode(ctx, account, { alreadyRegistered: !created });
    res.status(201).json({ message: MSG.signedUp });
  }));

  router.get('/users/me', doc({ summary: 'The signed-in person', ok: UserProfileSchema }), requireUser(ctx), handler(async (req, res) => {
    const auth = currentAuth(req);
    // Every signed-in page asks this: built from the verified identity alone (api/process-cache.ts).
    answerBuiltFrom(res, authLifetime(auth));
    res.json(auth.profile);
  }));

  router.get('/logout', doc({ summary: 'Sign out: the token stops working', ok: MessageSchema }), requireUser(ctx), handler(async (req, res) => {
    await revokeToken(ctx, currentAuth(req).tokenId);
    res.json({ message: PORTAL_MSG.signedOut });
  }));

  return router;
}
