// The Messages screen's loader and action, both sides (spec 2 Messages screen; decision 037). The URL holds the state:
// ?thread=<id> the open conversation, ?new=1 the organization's New Message form, ?org=<id> the state's organization
// filter, ?page= the thread list's page. The open conversation is marked read before the badge or the list counts it
// (app/utils/open-thread.server.ts), so the badge and the page agree on every load.
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { requirePortalUser } from '../../utils/auth.server';
import { formFailure, readOrFail } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { readForm } from '../../utils/form-data.server';
import { tooLargeForUpload } from '../../utils/file-answers.server';
import { markOpenThread } from '../../utils/open-thread.server';
import { pageParam, withParams } from '../../utils/url-state';
import { apiSession } from '../../api/client.server';
import { getThread, listThreads, sendMessage } from '../../api/messages.server';
import { listApplications } from '../../api/applications.server';
import { chosenApplication } from '../../utils/chosen-application.server';
import { listAllOrganizations } from '../../api/review-list.server';
import { clampPage } from '../list-kit/paging.server';
import { redirectForMenuPath } from '../../../domain/menu';
import { MAX_ATTACHMENTS, MESSAGE_MSG, messageDraftErrors } from '../../../domain/conversations';
import { VALIDATION_MSG } from '../../../domain/validation';
import type { RoleType } from '../../../domain/roles';
import { UUID } from '../../../domain/ids';

/** Threads per page of the list. */
export const THREADS_PER_PAGE = 10;
/** The application picker's limit (spec 9). */
const APPLICATION_PICKER_LIMIT = 1000;

export const messagesPath = (side: RoleType) => `/${side}/messages`;

export async function messagesLoader(request: Request, context: AppLoadContext, side: RoleType) {
  const user = await requirePortalUser(request, context, side);
  const url = new URL(request.url);
  const elsewhere = redirectForMenuPath(url.pathname, user.role, side);
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const api = apiSession(context, user);
  const caller = { request, context };
  const page = pageParam(url);
  const threadId = url.searchParams.get('thread') ?? '';
  const rawOrg = url.searchParams.get('org') ?? '';
  const organizationFilter = side === 'state' && UUID.test(rawOrg) ? rawOrg : undefined;
  const composing = side === 'org' && url.searchParams.get('new') === '1' && !threadId;
  const ownOrganization = side === 'org' ? user.organization!.id : undefined;
  await markOpenThread(request, context, user, side);

  const [list, organizations, applications, thread] = await readOrFail(caller, Promise.all([
    listThreads(api, { page, limit: THREADS_PER_PAGE, organizationId: ownOrganization ?? organizationFilter }),
    side === 'state' ? listAllOrganizations(api) : Promise.resolve([]),
    composing ? listApplications(api, ownOrganization!, { page: 1, limit: APPLICATION_PICKER_LIMIT }) : Promise.resolve(null),
    threadId ? getThread(api, threadId) : Promise.resolve(null),
  ]), { notFound: MESSAGE_MSG.threadNotFound });
  // An organization user sees the conversations of the organization they chose, only.
  if (thread && ownOrganization && thread.organizationId !== ownOrganization) {
    throw data(MESSAGE_MSG.threadNotFound, { status: 404 });
  }
  clampPage(request, page, list.totalPages);
  return {
    side,
    userId: user.profile.id,
    list,
    thread,
    composing,
    organizationFilter: organizationFilter ?? '',
    organizations: organizations.map((o) => ({ id: o.id, name: o.name })),
    applications: applications?.applications.map((a) => a.applicationId) ?? [],
  };
}

export type MessagesLoaderData = Awaited<ReturnType<typeof messagesLoader>>;

/** What a refused send re-renders: the typed text and application, and the messages per field. */
export interface SendFailure {
  intent: 'new' | 'reply';
  values: { content: string; applicationId: string };
  errors: Partial<Record<'content' | 'applicationId' | 'attachments', string>>;
  message: string | null;
}

export async function messagesAction(request: Request, context: AppLoadContext, side: RoleType) {
  const user = await requirePortalUser(request, context, side);
  const api = apiSession(context, user);
  const url = new URL(request.url);
  const fail = (failure: SendFailure, status = 400) => data(failure, { status, headers: { 'Set-Cookie': user.cookie } });
  if (tooLargeForUpload(request, context.portal.maxUploadBytes * MAX_ATTACHMENTS)) {
    // Refused before reading the body: the form is known from the URL (?new=1), and nothing typed can be kept.
    const intent = url.searchParams.get('new') === '1' ? 'new' : 'reply';
    return fail({ intent, values: { content: '', applicationId: '' }, errors: { attachments: VALIDATION_MSG.fileTooLarge }, message: null }, 413);
  }
  const form = await readForm(request);
  const intent = form.get('intent') === 'new' ? 'new' : 'reply';
  const content = String(form.get('content') ?? '');
  const applicationId = String(form.get('applicationId') ?? '').trim();
  const files = form.getAll('attachments').filter((f): f is File => typeof f !== 'string' && f.name !== '');
  const values = { content, applicationId };
  // The same check the browser made (and the API makes): nothing is sent when it fails.
  const errors = messageDraftErrors({ kind: intent, content, applicationId, fileNames: files.map((f) => f.name) });
  if (Object.keys(errors).length > 0) return fail({ intent, values, errors, message: null });

  const body = new FormData();
  if (intent === 'new') {
    body.set('organizationId', user.organization?.id ?? '');
  } else {
    body.set('replyToMessageId', String(form.get('replyToMessageId') ?? ''));
    // An organization user replies in the chosen organization's conversations only (the API refuses another's as unknown).
    if (side === 'org') body.set('organizationId', user.organization?.id ?? '');
  }
  body.set('content', content);
  try {
    // A new conversation is about one of the chosen organization's applications: another's is refused as an unknown one.
    if (intent === 'new') body.set('applicationId', side === 'org' ? await chosenApplication(api, user, applicationId) : applicationId);
    for (const file of files) body.append('attachments', file, file.name);
    const sent = await sendMessage(api, body);
    // After a new message the new thread is selected (spec 4); a reply stays in its thread.
    const back = `${messagesPath(side)}${withParams(url.search, { thread: sent.threadId, new: null, page: intent === 'new' ? null : url.searchParams.get('page') })}`;
    return redirectWithToast(back, context, { type: 'success', title: sent.message }, { headers: { 'Set-Cookie': user.cookie } });
  } catch (error) {
    const failure = await formFailure(error, { request, context }, intent === 'new' ? MESSAGE_MSG.sendFailed : MESSAGE_MSG.replyFailed);
    const fields = failure.fields as SendFailure['errors'];
    const known = fields.content || fields.applicationId || fields.attachments;
    return fail({ intent, values, errors: fields, message: known ? null : failure.message }, failure.status >= 400 && failure.status < 600 ? failure.status : 400);
  }
}
