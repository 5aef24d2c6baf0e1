// The Admin Unlock form's action, for both places the dialog opens (./admin-unlock.tsx): POST
// unlock-requests/admin-unlock through the typed client; success redirects to `done` with the API's toast, a refusal
// answers the page with the dialog's values and the reason (tied to its field when the API names one).
import { data } from '@remix-run/node';
import { formFailure, type ApiCaller } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { adminUnlock } from '../../api/unlock-requests.server';
import type { ApiSession } from '../../api/client.server';
import { ADMIN_UNLOCK_INTENT, type AdminUnlockFailure } from './admin-unlock';

export async function adminUnlockAction(api: ApiSession, caller: ApiCaller, form: FormData, done: string) {
  const values = Object.fromEntries(['applicationId', 'sectionId', 'message'].map((k) => [k, String(form.get(k) ?? '')]));
  try {
    const { message } = await adminUnlock(api, { applicationId: values.applicationId!, sectionId: values.sectionId!, message: values.message! });
    return redirectWithToast(done, caller.context, { type: 'success', title: message });
  } catch (error) {
    const failure = await formFailure(error, caller);
    const tied = Object.keys(failure.fields).length > 0;
    return data<AdminUnlockFailure>({ intent: ADMIN_UNLOCK_INTENT, values, errors: failure.fields, error: tied ? null : failure.message }, { status: failure.status });
  }
}
