// Presence on an application's form (issue 43 part 3, decision 101):
//   POST   applications/{id}/presence {sectionId, editing}   the form's heartbeat: where the caller is; answers
//                                                            { others: [{ name, sectionName, editing }] }
//   DELETE applications/{id}/presence                        the caller left the form
// The application's organization's people only (the permissions table's presence rows): a state user who reads the
// application gets 403, anyone else 404. Who else is shown: the people of the application's organization who have it
// open, never the caller.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { handler, notFound, parseInput } from '../http';
import { currentAuth } from '../guard';
import { applicationRoute, visibleApplication } from '../services/application-access';
import { sections } from '../db/schema';
import { heartbeat, leave } from '../services/presence';
import { can } from '../../domain/permissions';
import { APPLICATION_MSG } from '../../domain/messages';
import { PresenceAnswerSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { PresenceBeatBody } from '../../domain/api-requests';


export function presenceRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.post('/applications/:id/presence', doc({ summary: 'The form\'s heartbeat: where I am, and who else has the application open', body: PresenceBeatBody, ok: PresenceAnswerSchema }), ...applicationRoute(ctx, 'create', 'id', 'presence'), handler(async (req, res) => {
    const { app, role } = visibleApplication(res);
    const body = parseInput(PresenceBeatBody, req.body);
    const [section] = await ctx.db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.id, body.sectionId), eq(sections.programId, app.programId)))
      .limit(1);
    if (!section) throw notFound(APPLICATION_MSG.sectionNotFound);
    const others = await heartbeat(ctx.db, {
      userId: currentAuth(req).profile.id,
      applicationId: app.id,
      sectionId: section.id,
      // Only someone who may change the application is shown as editing it.
      editing: body.editing && can(role, 'update', 'application'),
      now: new Date(),
    });
    res.json({ others });
  }));

  router.delete('/applications/:id/presence', doc({ summary: 'I left the application\'s form', status: 204 }), ...applicationRoute(ctx, 'delete', 'id', 'presence'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    await leave(ctx.db, currentAuth(req).profile.id, app.id);
    res.status(204).end();
  }));

  return router;
}
