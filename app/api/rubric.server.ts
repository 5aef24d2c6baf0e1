// The BEAD rubric of an application (review rubric 5, decision 042; API: api/routes/rubric-scores.ts).
// Failures are mapped by app/utils/api-errors.server.ts like every other call.
import { get, put, seg, type ApiSession } from './client.server';
import type { AreaComparison, RubricField } from '../../domain/rubric';

export interface RubricCriterionSheet {
  field: RubricField;
  label: string;
  max: number;
  how: string;
  suggestion: number | null;
  /** The numbers the suggestion came from, or why there is none. */
  basis: string;
  saved: number | null;
}

/** GET rubric-scores/application/{id}/score: spec 3's Rubric score fields and the sheet. */
export type RubricSheet = Record<RubricField, number | null> & {
  id: string | null;
  applicationId: string;
  technologyType: string | null;
  scoringContext: string | null;
  totalScore: number;
  lastModifiedBy: string | null;
  lastModifiedByName: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  deletedAt: string | null;
  scored: boolean;
  maxTotal: number;
  suggestedTotal: number;
  criteria: RubricCriterionSheet[];
  comparison: AreaComparison;
  technicalPercentage: number | null;
};

export type RubricBody = Partial<Record<RubricField, number | null>> & { scoringContext?: string | null };

export const rubricSheet = (api: ApiSession, id: string) => get<RubricSheet>(api, `/rubric-scores/application/${seg(id)}/score`);

export const saveRubric = (api: ApiSession, id: string, body: RubricBody) =>
  put<RubricSheet & { message: string; changed: RubricField[] }>(api, `/rubric-scores/application/${seg(id)}/score`, body);
