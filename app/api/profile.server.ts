// The signed-in user and the organization's Entity Profile (spec 9).
import { get, post, seg, type ApiSession } from './client.server';
import { asAnswers } from './sections.server';
import type { OrganizationProfile } from './types';
import type { EntityProfileSaved } from '../../domain/api-schemas';
import type { AnswerValue } from '../../domain/questions';
import type { UserProfile } from '../../domain/users';
import type { z } from 'zod';
import type { ProfileSaveBody } from '../../domain/api-requests';

export const currentUser = (api: ApiSession) => get<UserProfile>(api, '/users/me');

export const organizationProfile = (api: ApiSession, organizationId: string) =>
  get<OrganizationProfile>(api, `/organization/${seg(organizationId)}/profile`);

/** 400 with `errors` keyed by question id when an answer is refused; with `version`, 409 when it is stale (decision 099). */
export const saveOrganizationProfile = (api: ApiSession, organizationId: string, values: Record<string, AnswerValue>, version?: string) =>
  post<EntityProfileSaved>(api, `/organization/${seg(organizationId)}/profile`, { answers: asAnswers(values), ...(version ? { version } : {}) } satisfies z.input<typeof ProfileSaveBody>);
