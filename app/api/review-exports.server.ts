// The state's streamed downloads (decision 045): the state list's XLSX and an application's attachments ZIP, passed
// on by the UI's download routes as the API writes them (streamApi: never held whole).
import { seg, type ApiSession } from './client.server';
import { streamApi } from '../utils/api.server';
import type { ReviewListQuery } from './review-list.server';

export const applicationsExport = (api: ApiSession, query: Omit<ReviewListQuery, 'page' | 'limit'>) =>
  streamApi(api.context, '/review/applications/all-applications/export', { token: api.token, query: { ...query } });

export const attachmentsZip = (api: ApiSession, applicationId: string) =>
  streamApi(api.context, `/review/applications/${seg(applicationId)}/documents/download`, { token: api.token });
