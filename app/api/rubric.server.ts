// The BEAD rubric of an application (review rubric 5, decision 042; API: api/routes/rubric-scores.ts).
// Failures are mapped by app/utils/api-errors.server.ts like every other call.
import { get, put, seg, type ApiSession } from './client.server';
import type { RubricField } from '../../domain/rubric';
import type { RubricCriterionSheet as ServiceCriterion, RubricSheet as ServiceSheet } from '../../api/services/rubric-scores';
import type { Wire } from '../../domain/wire';

/** One criterion of the sheet: max, the server's suggestion and the figures it came from, the saved value. */
export type RubricCriterionSheet = Wire<ServiceCriterion>;

/** GET rubric-scores/application/{id}/score: spec 3's Rubric score fields and the sheet. */
export type RubricSheet = Wire<ServiceSheet>;

/** `version`: the sheet's version the form started from (decision 099); a stale one answers 409. */
export type RubricBody = Partial<Record<RubricField, number | null>> & { scoringContext?: string | null; version?: string };

export const rubricSheet = (api: ApiSession, id: string) => get<RubricSheet>(api, `/rubric-scores/application/${seg(id)}/score`);

export const saveRubric = (api: ApiSession, id: string, body: RubricBody) =>
  put<RubricSheet & { message: string; changed: RubricField[] }>(api, `/rubric-scores/application/${seg(id)}/score`, body);
