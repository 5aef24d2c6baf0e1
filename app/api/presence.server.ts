// Presence on an application's form (issue 43 part 3): the heartbeat and leaving.
import { del, post, seg, type ApiSession } from './client.server';
import type { Presence } from '../../domain/presence';

export const presenceBeat = (api: ApiSession, applicationId: string, sectionId: string, editing: boolean) =>
  post<{ others: Presence[] }>(api, `/applications/${seg(applicationId)}/presence`, { sectionId, editing });

export const presenceLeave = (api: ApiSession, applicationId: string) => del(api, `/applications/${seg(applicationId)}/presence`);
