// Presence on an application's form (issue 43 part 3): the heartbeat and leaving.
import { del, post, seg, type ApiSession } from './client.server';
import type { z } from 'zod';
import type { Presence } from '../../domain/presence';
import type { PresenceBeatBody } from '../../domain/api-requests';

export const presenceBeat = (api: ApiSession, applicationId: string, sectionId: string, editing: boolean) =>
  post<{ others: Presence[] }>(api, `/applications/${seg(applicationId)}/presence`, { sectionId, editing } satisfies z.input<typeof PresenceBeatBody>);

export const presenceLeave = (api: ApiSession, applicationId: string) => del(api, `/applications/${seg(applicationId)}/presence`);
