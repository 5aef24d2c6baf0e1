// The state review PDF (decision 046): GET review/applications/{id}/state-review-pdf, passed on by the review screen's
// download route as the API writes it (streamApi: never held whole).
import { seg, type ApiSession } from './client.server';
import { streamApi } from '../utils/api.server';

export const stateReviewPdf = (api: ApiSession, applicationId: string) =>
  streamApi(api.context, `/review/applications/${seg(applicationId)}/state-review-pdf`, { token: api.token });
