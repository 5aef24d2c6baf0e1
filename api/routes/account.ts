// A person's own account (decision 093): My account (names, phone, the email changed through a code sent to the new
// address) and the invitations they answer. Every call acts on the caller's own account only, so no id is taken.
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { forbidden, handler, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { accounts, type Owner } from '../services/account';
import { doc } from '../openapi/declare';
import { AccountSavedSchema, EmailChangeAskedSchema, EmailChangedSchema, InvitationAcceptedSchema, InvitationDeclinedSchema, MessageSchema, OwnAccountSchema } from '../../domain/api-schemas';
import { EmailChangeBody, EmailCodeBody, OwnAccountBody } from '../../domain/api-requests';

const UUID = z.string().uuid();


export function accountRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const service = accounts(ctx);

  const ownerOf = (req: Request): Owner => {
    const { profile } = currentAuth(req);
    return { id: profile.id, firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
  };
  /** Invitations are organization accounts' (a state account is never invited). */
  const organizationOwner = (req: Request): Owner => {
    if (currentAuth(req).profile.roleType !== 'org') throw forbidden();
    return ownerOf(req);
  };
  const organizationParam = (req: Request) => {
    const parsed = UUID.safeParse(req.params.orgId);
    return parsed.success ? parsed.data.toLowerCase() : '00000000-0000-0000-0000-000000000000';
  };

  router.get('/account', doc({ summary: 'My account and the email change waiting for its code', ok: OwnAccountSchema }), requireUser(ctx), handler(async (req, res) => {
    const owner = ownerOf(req);
    res.json({ user: currentAuth(req).profile, pendingEmailChange: await service.pendingEmailChange(owner) });
  }));

  router.patch('/account', doc({ ok: AccountSavedSchema, summary: 'Change my names and phone', body: OwnAccountBody }), requireUser(ctx), handler(async (req, res) => {
    res.json(await service.updateOwnAccount(ownerOf(req), parseInput(OwnAccountBody, req.body)));
  }));

  router.post('/account/email', doc({ ok: EmailChangeAskedSchema, summary: 'Ask to change my email: a code is sent to the new address', body: EmailChangeBody, status: 202, errors: [409, 429] }), requireUser(ctx), handler(async (req, res) => {
    res.status(202).json(await service.requestEmailChange(ownerOf(req), parseInput(EmailChangeBody, req.body).email));
  }));

  router.post('/account/email/confirm', doc({ ok: EmailChangedSchema, summary: 'Confirm the email change with the code', body: EmailCodeBody, errors: [409, 429] }), requireUser(ctx), handler(async (req, res) => {
    res.json(await service.confirmEmailChange(ownerOf(req), parseInput(EmailCodeBody, req.body).code));
  }));

  router.delete('/account/email', doc({ ok: MessageSchema, summary: 'Cancel the waiting email change' }), requireUser(ctx), handler(async (req, res) => {
    res.json(await service.cancelEmailChange(ownerOf(req)));
  }));

  router.post('/invitations/:orgId/accept', doc({ ok: InvitationAcceptedSchema, summary: 'Accept an organization\'s invitation', errors: [409] }), requireUser(ctx), handler(async (req, res) => {
    res.json(await service.acceptInvitation(organizationOwner(req), organizationParam(req)));
  }));

  router.post('/invitations/:orgId/decline', doc({ ok: InvitationDeclinedSchema, summary: 'Decline an organization\'s invitation', errors: [409] }), requireUser(ctx), handler(async (req, res) => {
    res.json(await service.declineInvitation(organizationOwner(req), organizationParam(req)));
  }));

  return router;
}
