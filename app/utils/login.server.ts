// Loader and action of the two login pages (/org/login, /state/login): email, then code.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { callApi, isApiFailure } from './api.server';
import { authenticatorFor, startSession } from './auth.server';
import { commitSession, getSession, returnPath } from './session.server';
import { CodeFormSchema, EmailFormSchema } from './login-schemas';
import { MSG } from '../../domain/messages';
import type { RoleType } from '../../domain/roles';
import { readForm } from './form-data.server';
import type { SendLoginOtpInput } from '../../domain/auth-schemas';


export async function loginLoader({ request, context }: LoaderFunctionArgs, portal: RoleType) {
  const session = await getSession(request, context);
  const roleType = session.get('roleType');
  const url = new URL(request.url);
  // A shared link opened signed out (the guard sent it here as ?redirectTo=): kept through the sign-in.
  const redirectTo = returnPath(url.searchParams.get('redirectTo'));
  if (session.get('token') && roleType) {
    throw redirect(returnPath(redirectTo, roleType) ?? (roleType === 'state' ? '/state/dashboard' : '/org/dashboard'));
  }
  const pendingEmail = session.get('pendingEmail') ?? null;
  const step = url.searchParams.get('step') === 'code' && pendingEmail ? 'code' : 'email';
  const notice = session.get('loginError') ?? null;
  return data(
    { portal, step, pendingEmail, notice, redirectTo, devOutboxUrl: context.portal.devOutboxUrl } as const,
    notice ? { headers: { 'Set-Cookie': await commitSession(session, context) } } : undefined,
  );
}

export async function loginAction({ request, context }: ActionFunctionArgs, portal: RoleType) {
  const formData = await readForm(request.clone());
  const intent = String(formData.get('intent') ?? '');
  const session = await getSession(request, context);
  const here = `/${portal}/login`;

  if (intent === 'change-email') {
    session.unset('pendingEmail');
    const returnTo = session.get('returnTo');
    const back = returnTo ? `${here}?redirectTo=${encodeURIComponent(returnTo)}` : here;
    return redirect(back, { headers: { 'Set-Cookie': await commitSession(session, context) } });
  }

  if (intent === 'send-code' || intent === 'resend') {
    const submission =
      intent === 'resend'
        ? parseWithZod(new URLSearchParams({ email: session.get('pendingEmail') ?? '' }), { schema: EmailFormSchema })
        : parseWithZod(formData, { schema: EmailFormSchema });
    if (submission.status !== 'success') {
      return data({ form: 'email' as const, result: submission.reply() }, { status: 400 });
    }
    try {
      await callApi(context, '/send-login-otp', { method: 'POST', body: { email: submission.value.email } satisfies SendLoginOtpInput });
    } catch (error) {
      const message = isApiFailure(error) ? error.message : MSG.somethingWentWrong;
      const form = intent === 'resend' ? ('code' as const) : ('email' as const);
      return data({ form, result: submission.reply({ formErrors: [message] }) }, { status: isApiFailure(error) ? error.status : 500 });
    }
    session.set('pendingEmail', submission.value.email.toLowerCase());
    if (intent === 'send-code') {
      // The first step posts the page to return to (or none, which forgets an earlier one).
      const returnTo = returnPath(formData.get('redirectTo'));
      if (returnTo) session.set('returnTo', returnTo);
      else session.unset('returnTo');
    }
    return redirect(`${here}?step=code`, { headers: { 'Set-Cookie': await commitSession(session, context) } });
  }

  // intent === 'verify'
  const submission = parseWithZod(formData, { schema: CodeFormSchema });
  if (submission.status !== 'success') {
    return data({ form: 'code' as const, result: submission.reply() }, { status: 400 });
  }
  if (!session.get('pendingEmail')) return redirect(here);
  try {
    const signedIn = await authenticatorFor(context).authenticate('otp', request);
    const next = startSession(session, signedIn);
    return redirect(next, { headers: { 'Set-Cookie': await commitSession(session, context) } });
  } catch (error) {
    const failure = isApiFailure(error) ? error : null;
    const message = failure?.message ?? MSG.somethingWentWrong;
    if (failure?.status === 403) {
      // Inactive account: the message on the first step, and no session.
      session.unset('pendingEmail');
      session.flash('loginError', message);
      return redirect(here, { headers: { 'Set-Cookie': await commitSession(session, context) } });
    }
    return data({ form: 'code' as const, result: submission.reply({ formErrors: [message] }) }, { status: failure?.status ?? 500 });
  }
}
