// Auth routes (spec 7 Auth): send-login-otp, verify-otp, users/me, logout, organization/signup.
import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { clientIp, conflict, handler, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { revokeToken, sendLoginCode, verifyLoginCode } from '../services/auth';
import { findUserByEmail } from '../services/users';
import { memberships, organizations, users, loggedActions } from '../db/schema';
import { hitRateLimit } from '../services/rate-limit';
import { ApiError } from '../http';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { EmailSchema, OtpSchema, SignupSchema } from '../../domain/auth-schemas';

const SendSchema = z.object({ email: EmailSchema });
const VerifySchema = z.object({
  email: EmailSchema,
  otp: OtpSchema,
});

export function authRoutes(ctx: ApiContext): Router {
  const router = Router();

  router.post('/send-login-otp', handler(async (req, res) => {
    const { email } = parseInput(SendSchema, req.body);
    await sendLoginCode(ctx, email, clientIp(req));
    res.json({ message: PORTAL_MSG.codeSent });
  }));

  router.post('/verify-otp', handler(async (req, res) => {
    const { email, otp } = parseInput(VerifySchema, req.body);
    res.json(await verifyLoginCode(ctx, email, otp, clientIp(req)));
  }));

  router.post('/organization/signup', handler(async (req, res) => {
    const input = parseInput(SignupSchema, req.body);
    if (await hitRateLimit(ctx.db, 'signup-ip', clientIp(req), ctx.limits.otpPerIp, ctx.limits.windowSeconds)) {
      throw new ApiError(429, PORTAL_MSG.tooManyForIp);
    }
    if (await findUserByEmail(ctx.db, input.email)) throw conflict(PORTAL_MSG.emailTaken);
    const result = await ctx.db.transaction(async (tx) => {
      const [org] = await tx.insert(organizations).values({ legalName: input.legalName }).returning();
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber || null,
          roleType: 'org',
        })
        .returning();
      await tx.insert(memberships).values({ userId: user!.id, organizationId: org!.id, role: 'Organization_Admin' });
      await tx.insert(loggedActions).values({
        organizationId: org!.id,
        userId: user!.id,
        action: 'ORGANIZATION_SIGNED_UP',
        entity: 'organization',
        details: { legalName: input.legalName, email: input.email.toLowerCase() },
      });
      return { organization: { id: org!.id, legalName: org!.legalName }, userId: user!.id };
    });
    res.status(201).json({ message: MSG.signedUp, ...result });
  }));

  router.get('/users/me', requireUser(ctx), handler(async (req, res) => {
    res.json(currentAuth(req).profile);
  }));

  router.get('/logout', requireUser(ctx), handler(async (req, res) => {
    await revokeToken(ctx, currentAuth(req).tokenId);
    res.json({ message: PORTAL_MSG.signedOut });
  }));

  return router;
}
