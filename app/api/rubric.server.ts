// The BEAD rubric of an application (review rubric 5, decision 042; API: api/routes/rubric-scores.ts).
// Failures are mapped by app/utils/api-errors.server.ts like every other call.
import { get, put, seg, type ApiSession } from './client.server';
import type { z } from 'zod';
import type { RubricBody as RubricBodySchema } from '../../domain/api-requests';
import type { RubricSaved, RubricSheet } from '../../domain/api-schemas';

/** GET rubric-scores/application/{id}/score (spec 3's Rubric score fields and the sheet) and one criterion of it: the
 * schemas the API documents (domain/api-schemas.ts, decision 098). */
export type { RubricCriterionSheet, RubricSheet } from '../../domain/api-schemas';

/** `version`: the sheet's version the form started from (decision 099); a stale one answers 409. */
export type RubricBody = z.input<typeof RubricBodySchema>;

export const rubricSheet = (api: ApiSession, id: string) => get<RubricSheet>(api, `/rubric-scores/application/${seg(id)}/score`);

export const saveRubric = (api: ApiSession, id: string, body: RubricBody) =>
  put<RubricSaved>(api, `/rubric-scores/application/${seg(id)}/score`, body);
