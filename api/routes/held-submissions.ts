// Held answers (issue 7 item 11): a Save that finds its session ended keeps the posted fields here for
// their user; once they are signed in again the form shows them (as often as it is loaded) until a save
// of that form succeeds, which deletes them (docs/decisions/011), or they expire.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { handler, notFound, parseInput } from '../http';
import { bearerToken, currentAuth, requireUser } from '../guard';
import { holdingUser } from '../services/auth';
import { audit } from '../services/audit';
import { heldSubmissions } from '../db/schema';
import { HELD_ANSWERS_TTL_MS } from '../../domain/constants';
import { PORTAL_MSG } from '../../domain/messages';
import { doc } from '../openapi/declare';
import { AnswersHeldSchema, HeldAnswersSchema } from '../../domain/api-schemas';
import { HeldFormQuery, HoldBody } from '../../domain/api-requests';


export function heldSubmissionRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  // Accepts a token the idle rule has ended (see holdingUser): this route only ever stores for its owner.
  router.put('/held-submissions', doc({ ok: AnswersHeldSchema, summary: 'Hold a form\'s answers when the session idled out (kept briefly, restored after signing in again)', body: HoldBody, status: 201, token: true, errors: [401] }), handler(async (req, res) => {
    const userId = await holdingUser(ctx, bearerToken(req));
    const { formKey, fields } = parseInput(HoldBody, req.body);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + HELD_ANSWERS_TTL_MS);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(heldSubmissions).where(lt(heldSubmissions.expiresAt, now));
      await tx
        .insert(heldSubmissions)
        .values({ userId, formKey, payload: fields, expiresAt })
        .onConflictDoUpdate({ target: [heldSubmissions.userId, heldSubmissions.formKey], set: { payload: fields, createdAt: now, expiresAt } });
      await audit(tx, { action: 'ANSWERS_HELD', entity: 'held_submission', userId, details: { formKey, fields: fields.length } });
    });
    res.status(201).json({ formKey, expiresAt: expiresAt.toISOString() });
  }));

  // Read, not consumed: a reload before saving shows them again.
  router.get('/held-submissions', doc({ ok: HeldAnswersSchema, summary: 'Read the answers held for a form', query: HeldFormQuery, errors: [404] }), requireUser(ctx), handler(async (req, res) => {
    const { formKey } = parseInput(HeldFormQuery, req.query);
    const userId = currentAuth(req).profile.id;
    const [held] = await ctx.db
      .select({ payload: heldSubmissions.payload, createdAt: heldSubmissions.createdAt })
      .from(heldSubmissions)
      .where(and(eq(heldSubmissions.userId, userId), eq(heldSubmissions.formKey, formKey), gt(heldSubmissions.expiresAt, new Date())))
      .limit(1);
    if (!held) throw notFound(PORTAL_MSG.noHeldAnswers);
    res.json({ formKey, fields: held.payload, heldAt: held.createdAt.toISOString() });
  }));

  // The form's save succeeded: what was held for it is done with (204 whether or not anything was held).
  router.delete('/held-submissions', doc({ summary: 'Forget the answers held for a form', query: HeldFormQuery, status: 204 }), requireUser(ctx), handler(async (req, res) => {
    const { formKey } = parseInput(HeldFormQuery, req.query);
    const userId = currentAuth(req).profile.id;
    await ctx.db.delete(heldSubmissions).where(and(eq(heldSubmissions.userId, userId), eq(heldSubmissions.formKey, formKey)));
    res.status(204).end();
  }));

  return router;
}
