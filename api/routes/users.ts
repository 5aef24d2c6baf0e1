// The Users screens' calls (spec 7 Users; docs/decisions/033): an organization's users and the state's users,
// the role lists, add, edit and the status toggle. Access goes through the permissions table
// (api/services/application-access.ts): organization routes declare 'user' on their :orgId (the role × route
// matrix plays them); the state's routes need a role holding the 'user' permission over every record.
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { badRequest, forbidden, handler, notFound, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { organizationRoute, requireListScope, requirePermission } from '../services/application-access';
import { pageQuery } from '../db/paging';
import { userAdmin, type Actor, type MembershipInput } from '../services/user-admin';
import { ORGANIZATION_USER_ROLES, STATE_USER_ROLES, userFormErrors, userPhone } from '../../domain/user-form';
import { userFormSchema } from '../../domain/user-form-schema';
import type { Action } from '../../domain/permissions';
import type { RoleName } from '../../domain/roles';
import { doc } from '../openapi/declare';
import { RoleChoiceSchema, UserListPageSchema, UserWrittenSchema } from '../../domain/api-schemas';
import { payloadIds, ToggleBody, UUID, WithdrawBody } from '../../domain/api-requests';

const PageQuery = pageQuery(100);

const PayloadIds = z.object(payloadIds);
const orgUserBody = userFormSchema(ORGANIZATION_USER_ROLES);
const stateUserBody = userFormSchema(STATE_USER_ROLES);

/**
 * An organization's edit of a member (decision 093): the role; the account's own fields may come along (the spec's
 * update payload carries the whole form) and are then checked, in their form, against the account's.
 */
const membershipBody = z
  .object({ roleId: z.unknown().optional(), firstName: z.unknown().optional(), lastName: z.unknown().optional(), email: z.unknown().optional(), phoneNumber: z.unknown().optional() })
  .superRefine((values, issue) => {
    const errors = userFormErrors(values, ORGANIZATION_USER_ROLES);
    const given = (field: string) => field === 'roleId' || values[field as keyof typeof values] !== undefined;
    for (const [field, message] of Object.entries(errors)) if (given(field)) issue.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((values): MembershipInput => {
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);
    const phone = typeof values.phoneNumber === 'string' ? userPhone(values.phoneNumber) : undefined;
    return {
      roleId: String(values.roleId).trim() as RoleName,
      firstName: text(values.firstName), lastName: text(values.lastName), email: text(values.email),
      ...(phone !== undefined ? { phoneNumber: phone || null } : {}),
    };
  });

const roleList = (roles: readonly RoleName[]) => roles.map((name) => ({ id: name, name }));

export function userRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const admin = userAdmin(ctx);

  const actorOf = (req: Request): Actor => {
    const { profile } = currentAuth(req);
    return { id: profile.id, firstName: profile.firstName, lastName: profile.lastName };
  };
  /** The state's users: a role holding `action` on users over every record (State_Admin), else 403. */
  const requireStateUsers = (req: Request, action: Action) => {
    const scope = requireListScope(req, action, 'user');
    if (!('all' in scope)) throw forbidden();
  };
  const userId = (req: Request, name = 'id') => {
    const id = String(req.params[name] ?? '');
    if (!UUID.test(id)) throw notFound('User not found');
    return id.toLowerCase();
  };
  /** A body's organizationId/id, when given, must be the ones the path names. */
  const samePayload = (body: { id?: string; organizationId?: string }, ids: { id?: string; organizationId?: string }) => {
    if (body.organizationId !== undefined && ids.organizationId !== undefined && body.organizationId.toLowerCase() !== ids.organizationId.toLowerCase()) {
      throw badRequest('The organizationId of the body is not the one of the address.');
    }
    if (body.id !== undefined && ids.id !== undefined && body.id.toLowerCase() !== ids.id.toLowerCase()) throw badRequest('The id of the body is not the one of the address.');
  };

  // Role lists (spec 7: fetched separately for organization and state users); every signed-in user may read them.
  router.get('/roles/organization', doc({ summary: 'The roles an organization user may have', ok: z.array(RoleChoiceSchema) }), requireUser(ctx), handler(async (_req, res) => {
    res.json(roleList(ORGANIZATION_USER_ROLES));
  }));
  router.get('/roles/state', doc({ summary: 'The roles a state user may have', ok: z.array(RoleChoiceSchema) }), requireUser(ctx), handler(async (_req, res) => {
    res.json(roleList(STATE_USER_ROLES));
  }));

  // An organization's users.
  router.get('/users/organization/:orgId/all', doc({ ok: UserListPageSchema, summary: 'An organization\'s users, paged', query: PageQuery }), ...organizationRoute(ctx, 'read', { entity: 'user' }), handler(async (req, res) => {
    res.json(await admin.listOrganizationUsers(String(req.params.orgId), parseInput(PageQuery, req.query)));
  }));

  router.post('/organization/:orgId/add-staff', doc({ ok: UserWrittenSchema, summary: 'Add a user to the organization (or invite an existing account)', body: orgUserBody, status: 201, errors: [409, 429] }), ...organizationRoute(ctx, 'create', { entity: 'user' }), handler(async (req, res) => {
    const body = parseInput(orgUserBody, req.body);
    const organizationId = String(req.params.orgId);
    samePayload(parseInput(PayloadIds, req.body), { organizationId });
    res.status(201).json({ user: await admin.addOrganizationUser(actorOf(req), organizationId, body) });
  }));

  router.put('/organization/:orgId/toggle-status/:userId', doc({ ok: UserWrittenSchema, summary: 'Turn a member on or off in the organization', body: ToggleBody, errors: [409] }), ...organizationRoute(ctx, 'update', { entity: 'user' }), handler(async (req, res) => {
    const body = parseInput(ToggleBody, req.body);
    const organizationId = String(req.params.orgId);
    const id = userId(req, 'userId');
    samePayload(body, { organizationId, id });
    // The State Admin may lift an account's deactivation from here; an organization's admin never (decision 093).
    const liftsAccount = res.locals.organizationRole === 'State_Admin';
    res.json({ user: await admin.setOrganizationUserStatus(actorOf(req), organizationId, id, body.status, liftsAccount) });
  }));

  // A pending invitation withdrawn by the organization (decision 093).
  router.post('/organization/:orgId/invitations/withdraw', doc({ ok: UserWrittenSchema, summary: 'Withdraw a pending invitation', body: WithdrawBody }), ...organizationRoute(ctx, 'update', { entity: 'user' }), handler(async (req, res) => {
    const { userId: id } = parseInput(WithdrawBody, req.body);
    res.json({ user: await admin.withdrawInvitation(actorOf(req), String(req.params.orgId), id.toLowerCase()) });
  }));

  // The state's users.
  router.get('/users/all-state-user', doc({ ok: UserListPageSchema, summary: 'The state\'s users, paged', query: PageQuery, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    requireStateUsers(req, 'read');
    res.json(await admin.listStateUsers(parseInput(PageQuery, req.query)));
  }));

  router.post('/users/add-staff', doc({ ok: UserWrittenSchema, summary: 'Add a state user', body: stateUserBody, status: 201, errors: [403, 409, 429] }), requireUser(ctx), handler(async (req, res) => {
    requireStateUsers(req, 'create');
    const body = parseInput(stateUserBody, req.body);
    if (parseInput(PayloadIds, req.body).organizationId) throw badRequest('Organization users are added through POST organization/{orgId}/add-staff.');
    res.status(201).json({ user: await admin.addStateUser(actorOf(req), body) });
  }));

  router.put('/users/:id/toggle-status', doc({ ok: UserWrittenSchema, summary: 'Turn a state user on or off', body: ToggleBody, errors: [409] }), requireUser(ctx), handler(async (req, res) => {
    requireStateUsers(req, 'update');
    const body = parseInput(ToggleBody, req.body);
    const id = userId(req);
    samePayload(body, { id });
    if (body.organizationId) throw badRequest('Organization users are turned on and off through PUT organization/{orgId}/toggle-status/{userId}.');
    res.json({ user: await admin.setStateUserStatus(actorOf(req), id, body.status) });
  }));

  // Edit (spec 7: PATCH /users/{id}; the payload's organizationId says whose user: an organization's, else the state's).
  router.patch('/users/:id', doc({ ok: UserWrittenSchema, summary: 'Edit a state user, or a member\'s role in an organization', body: stateUserBody, description: 'With `organizationId` in the body: `{id, organizationId, roleId}` (a member\'s role there).', errors: [409] }), requireUser(ctx), handler(async (req, res) => {
    const organizationId = typeof req.body?.organizationId === 'string' && req.body.organizationId ? String(req.body.organizationId) : null;
    if (organizationId) {
      requirePermission(req, 'update', 'user', { organizationId: UUID.test(organizationId) ? organizationId.toLowerCase() : '' });
      const body = parseInput(membershipBody, req.body);
      const id = userId(req);
      samePayload(parseInput(PayloadIds, req.body), { id });
      res.json({ user: await admin.updateOrganizationUser(actorOf(req), organizationId.toLowerCase(), id, body) });
      return;
    }
    requireStateUsers(req, 'update');
    const body = parseInput(stateUserBody, req.body);
    const id = userId(req);
    samePayload(parseInput(PayloadIds, req.body), { id });
    res.json({ user: await admin.updateStateUser(actorOf(req), id, body) });
  }));

  return router;
}
