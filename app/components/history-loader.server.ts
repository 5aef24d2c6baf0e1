// The loader of an application's history page, on either side (/org|/state/{section}/view-history/{id}): the guard,
// the API's page (404 'Application not found' when the caller may not read it), a page past the last one clamped.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { pageParam } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { applicationHistory } from '../api/history.server';
import { chosenApplication } from '../utils/chosen-application.server';
import { clampPage } from './list-kit/paging.server';
import { APPLICATION_MSG } from '../../domain/messages';
import type { RoleType } from '../../domain/roles';

export async function loadApplicationHistory({ request, context, params }: LoaderFunctionArgs, roleType: RoleType) {
  const user = await requirePortalUser(request, context, roleType);
  const api = apiSession(context, user);
  const id = String(params.id ?? '');
  // An organization user reads the history of the chosen organization's applications only (a deleted draft's too).
  const applicationId = roleType === 'org'
    ? await readOrFail({ request, context }, chosenApplication(api, user, id, { history: true }), { notFound: APPLICATION_MSG.notFound })
    : id.toUpperCase();
  const page = pageParam(request.url);
  const history = await readOrFail({ request, context }, applicationHistory(api, applicationId, page), {
    notFound: APPLICATION_MSG.notFound,
  });
  clampPage(request, page, history.totalPages);
  return { user, applicationId, history, section: params.section ?? 'applications' };
}
