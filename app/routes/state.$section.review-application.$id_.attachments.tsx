// 'Download All Attachments' of the review screen (issue 12 item 9; decision 045): GET review/applications/{id}/
// documents/download, the ZIP streamed through as the API writes it. A plain link, so it works without JavaScript.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { download } from '../utils/download.server';
import { attachmentsZip } from '../api/review-exports.server';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const id = String(params.id ?? '').toUpperCase();
  return download(request, context, user, (api) => attachmentsZip(api, id));
}
