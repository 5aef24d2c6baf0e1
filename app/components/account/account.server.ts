// My account (decision 093), the same on both sides (/org/account, /state/account): the signed-in person's own names
// and phone, and their email changed with a code sent to the new address. Plain posts with an intent; a refused form
// keeps what was typed, with the messages tied to their fields.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../../utils/auth.server';
import { formFailure, readOrFail } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { readForm } from '../../utils/form-data.server';
import { apiSession } from '../../api/client.server';
import { askEmailChange, cancelEmailChange, confirmEmailChange, ownAccount, saveOwnAccount } from '../../api/account.server';
import { isReadOnly } from '../../../domain/permissions';
import type { RoleType } from '../../../domain/roles';

export type AccountIntent = 'save' | 'email' | 'confirm' | 'cancel-email';

/** What a refused post answers: which form, the values typed, the messages per field, the form's message. */
export interface AccountRefusal {
  intent: AccountIntent;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
}

export async function accountLoader({ request, context }: LoaderFunctionArgs, side: RoleType) {
  const user = await requirePortalUser(request, context, side);
  const account = await readOrFail({ request, context }, ownAccount(apiSession(context, user)));
  const { profile } = user;
  return {
    side,
    account: {
      firstName: account.user.firstName, lastName: account.user.lastName, email: account.user.email, phoneNumber: account.user.phoneNumber,
    },
    pendingEmail: account.pendingEmailChange?.newEmail ?? null,
    // DESIGN 5: the read-only role changes nothing, its own account included.
    readOnly: profile.roles.length > 0 && profile.roles.every((r) => isReadOnly(r.name)),
  };
}

export type AccountLoaderData = Awaited<ReturnType<typeof accountLoader>>;

export async function accountAction({ request, context }: ActionFunctionArgs, side: RoleType) {
  const user = await requirePortalUser(request, context, side);
  const api = apiSession(context, user);
  const caller = { request, context };
  const back = `/${side}/account`;
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '') as AccountIntent;
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const refuse = async (error: unknown, values: Record<string, string>) => {
    const failure = await formFailure(error, caller);
    const fieldsOnly = failure.kind === 'invalid' && Object.keys(failure.fields).length > 0;
    return data<AccountRefusal>({ intent, values, errors: failure.fields, message: fieldsOnly ? null : failure.message }, { status: failure.status });
  };

  /** Posts to the API; its message as the toast on success, else the form again with what was typed. */
  const attempt = async (values: Record<string, string>, call: () => Promise<{ message: string }>, to = back) => {
    try {
      const answer = await call();
      return redirectWithToast(to, context, { type: 'success', title: answer.message });
    } catch (error) {
      return refuse(error, values);
    }
  };

  if (intent === 'save') {
    const values = { firstName: text('firstName'), lastName: text('lastName'), phoneNumber: text('phoneNumber') };
    return attempt(values, () => saveOwnAccount(api, { firstName: values.firstName, lastName: values.lastName, ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}) }));
  }
  if (intent === 'email') {
    const values = { email: text('email') };
    return attempt(values, () => askEmailChange(api, values.email), `${back}#confirm-email`);
  }
  if (intent === 'confirm') {
    const values = { code: text('code') };
    return attempt(values, () => confirmEmailChange(api, values.code));
  }
  if (intent === 'cancel-email') return attempt({}, () => cancelEmailChange(api));
  return redirect(back);
}
