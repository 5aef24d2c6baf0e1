// The org applications list's posts (spec 2): create, cancel with a required reason, delete. Success redirects
// with a toast (Post/Redirect/Get); a failure keeps what was typed in its dialog, or comes back as a toast.
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import * as z from 'zod';
import { requirePortalUser } from '../../utils/auth.server';
import { formFailure, toastFailure } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { readForm } from '../../utils/form-data.server';
import { closeDialogs, withParams } from '../../utils/url-state';
import { apiSession } from '../../api/client.server';
import { cancelApplication, createApplication, deleteApplication } from '../../api/applications.server';
import { chosenApplication } from '../../utils/chosen-application.server';
import { APPLICATION_MSG } from '../../../domain/messages';
import { TECHNOLOGY_TYPES, isEligibleTechnology } from '../../../domain/technology';
import { SCRIPT_FIELD } from './script-field';

const CreateForm = z.object({
  programId: z.string({ error: APPLICATION_MSG.unknownProgram }).min(1, APPLICATION_MSG.unknownProgram),
  projectLocation: z.string({ error: APPLICATION_MSG.unknownArea }).min(1, APPLICATION_MSG.unknownArea),
  technologyType: z.string({ error: APPLICATION_MSG.unknownTechnology }).refine((v) => TECHNOLOGY_TYPES.includes(v), APPLICATION_MSG.unknownTechnology),
});

export type CreateResult = { intent: 'create'; values: Record<string, string>; errors: Record<string, string>; ineligible: boolean; message: string | null };
export type CancelResult = { intent: 'cancel'; error: string; message: string };
export type DeleteResult = { intent: 'delete'; applicationId: string; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const api = apiSession(context, user);
  const caller = { request, context };
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get('intent');
  const back = (changes: Record<string, string | null>) => `/org/applications${closeDialogs(withParams(url.search, changes))}`;

  if (intent === 'create') {
    const values = Object.fromEntries(['programId', 'projectLocation', 'technologyType'].map((k) => [k, String(form.get(k) ?? '')]));
    const created = (fields: Partial<CreateResult>, status: number) =>
      data<CreateResult>({ intent: 'create', values, errors: {}, ineligible: false, message: null, ...fields }, { status });
    const parsed = CreateForm.safeParse(values);
    if (!parsed.success) return created({ errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) }, 400);
    if (!isEligibleTechnology(parsed.data.technologyType)) return created({ ineligible: true }, 400);
    try {
      const { applicationId } = await createApplication(api, user.organization!.id, parsed.data);
      return redirectWithToast(`/org/applications/bead-applcn/${applicationId}`, context, {
        type: 'success',
        title: `Application ${applicationId} created`,
        description: 'It is a draft: fill in its sections, then submit it before the due date.',
      });
    } catch (error) {
      const failure = await formFailure(error, caller, APPLICATION_MSG.createFailed);
      return created({ errors: failure.fields, message: failure.message }, failure.status);
    }
  }

  const id = String(form.get('applicationId') ?? '');
  if (intent === 'cancel') {
    const message = String(form.get('message') ?? '').trim();
    if (!message) return data<CancelResult>({ intent: 'cancel', error: APPLICATION_MSG.reasonRequired, message }, { status: 400 });
    try {
      // The chosen organization's application only: another's is refused as an unknown one.
      await cancelApplication(api, await chosenApplication(api, user, id), message);
    } catch (error) {
      const failure = await formFailure(error, caller, APPLICATION_MSG.cancelFailed);
      // An outage or a refused reason keeps the reason typed in the open dialog; anything else is a toast.
      if (failure.kind === 'unavailable' || failure.kind === 'invalid') {
        return data<CancelResult>({ intent: 'cancel', error: failure.fields.message ?? failure.message, message }, { status: failure.status });
      }
      return toastFailure(failure, caller, back({}));
    }
    // Spec: after cancelling, the list reloads at page 1.
    return redirectWithToast(back({ page: null }), context, { type: 'success', title: APPLICATION_MSG.cancelled });
  }

  if (intent === 'delete') {
    try {
      await deleteApplication(api, await chosenApplication(api, user, id));
    } catch (error) {
      // The API's reason (not a draft, changed meanwhile): a toast on the list with JavaScript; without it the
      // open delete dialog says it, beside the button that was pressed.
      const failure = await formFailure(error, caller, APPLICATION_MSG.deleteFailed);
      if (form.get(SCRIPT_FIELD) === '1') return toastFailure(failure, caller, back({}));
      return data<DeleteResult>({ intent: 'delete', applicationId: id, error: failure.message }, { status: failure.status });
    }
    return redirectWithToast(back({ page: null }), context, { type: 'success', title: APPLICATION_MSG.deleted });
  }

  return redirect(back({}));
}
