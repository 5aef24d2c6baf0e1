// One organization at a time (DESIGN 5; issue 39 item 4; decision 008's addendum): the one check of every organization
// route that takes an application id. A person may belong to several organizations, and the API lets them read each
// one's applications, so only the UI knows which organization they are working for now: the one chosen in the
// session. An application of any other organization answers here exactly as an unknown id does (the API's 404
// 'Application not found'), so each route's own not-found handling answers it: the not-found page, the form's 404,
// the upload's JSON 404, the list's toast, the message form's error. The organization asked about is always the
// session's (never an id from the URL or a form).
import { ApiFailure } from './api.server';
import type { PortalUser } from './auth.server';
import type { ApiSession } from '../api/client.server';
import { organizationApplication } from '../api/applications.server';
import { wholeHistory } from '../api/history.server';
import { APPLICATION_MSG } from '../../domain/messages';

/** What an application id can be (the API's ids are GA- and six letters or digits; its list search takes 20 characters at most). */
const APPLICATION_ID = /^[A-Z0-9-]{1,20}$/;

const unknownApplication = () => new ApiFailure(404, APPLICATION_MSG.notFound);

/**
 * The application id as the API names it (trimmed, upper case) when the application is one of the session's chosen
 * organization's; rejects with the API's own 404 'Application not found' otherwise (another organization's, or none),
 * before anything else is asked of the API about it, so a refused post changes nothing.
 *
 * `history`: the id may also be a deleted draft's whose history the chosen organization keeps (decision 008: only its
 * own members read it): then the chosen organization's history must hold an entry of it.
 */
export async function chosenApplication(api: ApiSession, user: PortalUser, id: string, opts: { history?: boolean } = {}): Promise<string> {
  const organizationId = user.organization?.id;
  const applicationId = id.trim().toUpperCase();
  if (!organizationId || !APPLICATION_ID.test(applicationId)) throw unknownApplication();
  if (await organizationApplication(api, organizationId, applicationId)) return applicationId;
  if (opts.history) {
    const kept = await wholeHistory(api, { page: 1, limit: 1, organizationId, applicationId });
    if (kept.loggedActions.some((entry) => entry.applicationId === applicationId && entry.organizationId === organizationId)) return applicationId;
  }
  throw unknownApplication();
}
