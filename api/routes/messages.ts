// Unread message counts (spec 3 Unread counts: total, byThread, byOrganization).
import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { handler } from '../http';
import { currentAuth, requireUser } from '../guard';
import { requireListScope } from '../services/application-access';

export function messageRoutes(ctx: ApiContext): Router {
  const router = Router();
  const signedIn = requireUser(ctx);

  router.get('/messages/unread/count', signedIn, handler(async (req, res) => {
    const { profile } = currentAuth(req);
    const scope = requireListScope(req, 'read', 'message');
    // A message is unread for this user when it came from the other side after they last opened its thread.
    const incoming = profile.roleType === 'state' ? 'ORG_TO_STATE' : 'STATE_TO_ORG';
    if ('organizations' in scope && scope.organizations.length === 0) {
      res.json({ total: 0, byThread: [], byOrganization: [] });
      return;
    }
    const orgFilter = 'all' in scope
      ? sql`true`
      : sql`t.organization_id in (${sql.join(scope.organizations.map((id) => sql`${id}::uuid`), sql`, `)})`;
    const result = await ctx.db.execute<{ thread_id: string; organization_id: string; n: string }>(sql`
      select t.id as thread_id, t.organization_id, count(m.id) as n
      from message_threads t
      join messages m on m.thread_id = t.id
      left join message_reads r on r.thread_id = t.id and r.user_id = ${profile.id}
      where ${orgFilter} and m.direction = ${incoming} and (r.read_at is null or m.created_at > r.read_at)
      group by t.id, t.organization_id`);
    const rows = (result as unknown as { rows: { thread_id: string; organization_id: string; n: string }[] }).rows;
    const byOrg = new Map<string, number>();
    for (const row of rows) byOrg.set(row.organization_id, (byOrg.get(row.organization_id) ?? 0) + Number(row.n));
    res.json({
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      byThread: rows.map((r) => ({ threadId: r.thread_id, count: Number(r.n) })),
      byOrganization: [...byOrg].map(([organizationId, count]) => ({ organizationId, count })),
    });
  }));

  return router;
}
