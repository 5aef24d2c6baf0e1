// Presence on an application's form (issue 43 part 3, decision 101): the section page's heartbeat, posted with fetch
// by app/components/presence.tsx while the page is open (with JavaScript; without it there is no beat and no line).
// It answers who else has the application open. A beat that follows the person's activity also keeps the session
// alive, as /resources/keepalive does; one from a page left idle does not, so the idle timeout still ends it.
// intent=leave (the page was closed or left) removes the person at once.
import { type ActionFunctionArgs } from '@remix-run/node';
import { requirePortalUser, sessionStillOpen, touchSession } from '../utils/auth.server';
import { formFailure } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { chosenApplication } from '../utils/chosen-application.server';
import { presenceBeat, presenceLeave } from '../api/presence.server';
import { readForm } from '../utils/form-data.server';
import { PORTAL_MSG } from '../../domain/messages';
import type { Presence } from '../../domain/presence';

export type PresenceAnswer = { others: Presence[] } | { message: string };

const answer = (body: PresenceAnswer | null, status: number, cookie?: string | null) =>
  new Response(body ? JSON.stringify(body) : null, {
    status,
    headers: { ...(body ? { 'Content-Type': 'application/json; charset=utf-8' } : {}), 'Cache-Control': 'no-store', ...(cookie ? { 'Set-Cookie': cookie } : {}) },
  });

export async function action({ request, context }: ActionFunctionArgs) {
  // An ended session is not ended here: the page's Save (holding what was typed) or its idle watcher does that.
  if (!(await sessionStillOpen(request, context))) return answer({ message: PORTAL_MSG.sessionExpired }, 401);
  const user = await requirePortalUser(request, context, 'org');
  const form = await readForm(request);
  const api = apiSession(context, user);
  try {
    const applicationId = await chosenApplication(api, user, String(form.get('applicationId') ?? ''));
    if (form.get('intent') === 'leave') {
      await presenceLeave(api, applicationId);
      return answer(null, 204);
    }
    const { others } = await presenceBeat(api, applicationId, String(form.get('sectionId') ?? ''), form.get('editing') === '1');
    const cookie = form.get('active') === '1' ? await touchSession(request, context) : null;
    return answer({ others }, 200, cookie);
  } catch (error) {
    const failure = await formFailure(error, { request, context });
    return answer({ message: failure.message }, failure.status);
  }
}

export { refuseMethod as loader } from '../utils/form-data.server';
