// The Organizations screen's calls (spec 7 State and review: GET organization/with-users?page&limit; docs/decisions/035):
// every organization with its users (State_Admin: 'read organization' over every record), and an organization's
// status (PUT organization/{orgId}/status {status}, declared on :orgId so the role × route matrix plays it). Toggling
// one of its users is the Users screen's PUT organization/{orgId}/toggle-status/{userId} (api/routes/users.ts).
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { forbidden, handler, notFound, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { organizationRoute, requireListScope } from '../services/application-access';
import { pageQuery } from '../db/paging';
import { organizationAdmin } from '../services/organization-admin';
import { doc } from '../openapi/declare';
import { OrganizationStatusSetSchema, OrganizationsPageSchema } from '../../domain/api-schemas';
import { OrganizationStatusBody, UUID } from '../../domain/api-requests';

const ListQuery = pageQuery(100).extend({
  search: z.string().max(200).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

export function organizationRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const admin = organizationAdmin(ctx);

  router.get('/organization/with-users', doc({ summary: 'Every organization with its users (State Admin)', query: ListQuery, ok: OrganizationsPageSchema, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'organization');
    if (!('all' in scope)) throw forbidden();
    res.json(await admin.listWithUsers(parseInput(ListQuery, req.query)));
  }));

  router.put('/organization/:orgId/status', doc({ ok: OrganizationStatusSetSchema, summary: 'Activate or deactivate an organization', body: OrganizationStatusBody, errors: [409] }), ...organizationRoute(ctx, 'update', { entity: 'organization' }), handler(async (req, res) => {
    const orgId = String(req.params.orgId);
    if (!UUID.test(orgId)) throw notFound('Organization not found');
    const body = parseInput(OrganizationStatusBody, req.body);
    res.json(await admin.setStatus(currentAuth(req).profile.id, orgId.toLowerCase(), body.status));
  }));

  return router;
}
