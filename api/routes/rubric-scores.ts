// The BEAD rubric of an application (review rubric 5, issue 12 item 6; decision 042), applied by
// api/services/rubric-scores.ts:
// - GET rubric-scores/application/{id}/score: the spec's Rubric score fields plus, per criterion, its max, the server's
//   suggestion with the figures it came from, and the saved value ('read rubric': the state side that reads it).
// - PUT rubric-scores/application/{id}/score {totalOutlayFundsScore…universalityScore, scoringContext?}: the State_Admin's
//   scores ('update rubric'); totalScore and the spec's other read-only fields may be sent back and are ignored.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { currentAuth } from '../guard';
import { applicationRoute, visibleApplication } from '../services/application-access';
import { rubricSheet, saveRubric } from '../services/rubric-scores';
import { RUBRIC_FIELDS, RUBRIC_MSG } from '../../domain/rubric';
import { RubricSavedSchema, RubricSheetSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { RubricBody } from '../../domain/api-requests';



export function rubricScoreRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.get('/rubric-scores/application/:id/score', doc({ ok: RubricSheetSchema, summary: 'The BEAD rubric: suggestion and saved score' }), ...applicationRoute(ctx, 'read', 'id', 'rubric'), handler(async (_req, res) => {
    const { app } = visibleApplication(res);
    res.json(await rubricSheet(ctx, app));
  }));

  router.put('/rubric-scores/application/:id/score', doc({ ok: RubricSavedSchema, summary: 'Save the BEAD rubric score (State Admin)', body: RubricBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'rubric'), handler(async (req, res) => {
    const body = parseInput(RubricBody, req.body);
    const { app } = visibleApplication(res);
    const { profile } = currentAuth(req);
    const input = Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && ((RUBRIC_FIELDS as readonly string[]).includes(k) || k === 'scoringContext' || k === 'version')));
    const { changed } = await saveRubric(ctx, app, profile.id, profile.roles.map((r) => r.name), input);
    res.json({ message: RUBRIC_MSG.saved, changed, ...(await rubricSheet(ctx, app)) });
  }));

  return router;
}
