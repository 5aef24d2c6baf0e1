// The sections of an application (spec 9): their statuses, one section's questions and answers, saving answers.
import { get, post, seg, type ApiSession } from './client.server';
import type { SectionStatusRow, SectionView } from './types';
import type { AnswerValue } from '../../domain/questions';
import type { AreaCounts } from '../../domain/project-areas';
import type { ProgramSection } from '../../domain/api-schemas';
import type { z } from 'zod';
import type { SectionSaveBody } from '../../domain/api-requests';

export const sectionStatuses = (api: ApiSession, applicationId: string) =>
  get<SectionStatusRow[]>(api, `/applications/${seg(applicationId)}/sections-status`);

/** `required`: unanswered mandatory questions carry their error too (after a refused submit). */
export const sectionView = (api: ApiSession, applicationId: string, sectionId: string, opts: { required?: boolean } = {}) =>
  get<SectionView>(api, `/applications/${seg(applicationId)}/sections/${seg(sectionId)}`, opts.required ? { required: 'true' } : undefined);

/**
 * 400 with `errors` keyed by question id when an answer is refused; with the `version` the form started from, a stale
 * one is a 409 carrying the current answers (decision 099).
 */
export const saveSectionAnswers = (api: ApiSession, applicationId: string, sectionId: string, values: Record<string, AnswerValue>, version?: string) =>
  post(api, `/applications/${seg(applicationId)}/sections/${seg(sectionId)}/answers`, { answers: asAnswers(values), ...(version ? { version } : {}) } satisfies z.input<typeof SectionSaveBody>);

/** The API's answers list from the form's question id → value map (a held file is sent as its pending upload's id). */
export function asAnswers(values: Record<string, AnswerValue>) {
  return Object.entries(values).map(([questionId, value]) => ({
    questionId,
    value: value && typeof value === 'object' && 'pendingUploadId' in value && value.pendingUploadId ? { pendingUploadId: value.pendingUploadId, fileName: value.fileName } : value,
  }));
}

/** The project areas with their location counts (question 21's options; 22 is filled from the one chosen). */
export const projectAreaCounts = (api: ApiSession) => get<AreaCounts[]>(api, '/project-area/all');

/** The sections of a programme's form (the first programme when none is named), in order. */
export const programSections = (api: ApiSession, programId?: string) =>
  get<ProgramSection[]>(api, '/section/all', programId ? { programId } : undefined);
