// The Admin Unlock form's action, for both places the dialog opens (./admin-unlock.tsx): POST
// unlock-requests/admin-unlock through the typed client; success redirects to `done` with the API's toast, a refusal
// answers the page with the dialog's values and the reason (tied to its field when the API names one).
import { data } from '@remix-run/node';
import { formFailure, type ApiCaller } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { adminUnlock, requestUnlockAsReviewer, type UnlockInput } from '../../api/unlock-requests.server';
import type { ApiSession } from '../../api/client.server';
import { ADMIN_UNLOCK_INTENT, REVIEW_REQUEST_INTENT, type AdminUnlockFailure } from './admin-unlock';

async function unlockFormAction(
  caller: ApiCaller, form: FormData, done: string, intent: AdminUnlockFailure['intent'],
  send: (input: UnlockInput) => Promise<{ message: string; detail?: string }>,
) {
  const values = Object.fromEntries(['applicationId', 'sectionId', 'message'].map((k) => [k, String(form.get(k) ?? '')]));
  try {
    const { message, detail } = await send({ applicationId: values.applicationId!, sectionId: values.sectionId!, message: values.message! });
    return redirectWithToast(done, caller.context, { type: 'success', title: message, ...(detail ? { description: detail } : {}) });
  } catch (error) {
    const failure = await formFailure(error, caller);
    const tied = Object.keys(failure.fields).length > 0;
    return data<AdminUnlockFailure>({ intent, values, errors: failure.fields, error: tied ? null : failure.message }, { status: failure.status });
  }
}

export const adminUnlockAction = (api: ApiSession, caller: ApiCaller, form: FormData, done: string) =>
  unlockFormAction(caller, form, done, ADMIN_UNLOCK_INTENT, (input) => adminUnlock(api, input));

/** The reviewer-side request of the review screen (POST unlock-requests/review-request; decision 034). */
export const reviewRequestAction = (api: ApiSession, caller: ApiCaller, form: FormData, done: string) =>
  unlockFormAction(caller, form, done, REVIEW_REQUEST_INTENT, (input) => requestUnlockAsReviewer(api, input));
