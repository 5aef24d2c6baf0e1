// The review screen's 'View/Download State Review PDF' (issue 12 item 9; decision 046): GET review/applications/{id}/
// state-review-pdf, streamed through as the API writes it. A plain link, so it works without JavaScript.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { download } from '../utils/download.server';
import { stateReviewPdf } from '../api/state-review-pdf.server';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const id = String(params.id ?? '').toUpperCase();
  return download(request, context, user, (api) => stateReviewPdf(api, id));
}
