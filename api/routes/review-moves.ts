// The state's status moves (spec 7 "State and review"): POST review/applications/{id}/{actionId} for every state
// move of the machine (domain/workflow.ts STATE_MOVE_IDS: each mark-as-…, withdraw, change-status). Each route
// declares its action for the role × route matrix (applicationMoveRoute); the executor makes the move
// (api/services/application-moves.ts). Answers 200 {message, id, status, allowedActions}.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { MoveAnswerSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { currentAuth } from '../guard';
import { applicationMoveRoute, type MovableApplication } from '../services/application-access';
import { executeMove } from '../services/application-moves';
import { STATE_MOVE_IDS, workflowAction } from '../../domain/workflow';
import { MoveBody } from '../../domain/api-requests';



export function reviewMoveRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  for (const actionId of STATE_MOVE_IDS) {
    router.post(`/review/applications/:id/${actionId}`, doc({ ok: MoveAnswerSchema, summary: `Move the application through the status machine: ${actionId}`, body: MoveBody, errors: [409] }), ...applicationMoveRoute(ctx, actionId), handler(async (req, res) => {
      const { app, role, assignment } = res.locals.application as MovableApplication;
      const body = parseInput(MoveBody, req.body);
      const { profile } = currentAuth(req);
      const actor = { userId: profile.id, role, roles: profile.roles.map((r) => r.name), assignment };
      const moved = await executeMove(ctx, app, actor, actionId, body);
      res.json({ message: workflowAction(actionId).done, id: moved.id, status: moved.status, allowedActions: moved.allowedActions });
    }));
  }
  return router;
}
