// Organization sign-up: a new organization with its first Organization_Admin.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useNavigation } from '@remix-run/react';
import { Form } from '../components/form';
import { conformReply, formFailure } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { signUpOrganization } from '../api/organizations.server';
import { commitSession, getSession, toastHeader } from '../utils/session.server';
import { parseSignUp } from '../utils/signup-schema.server';
import { Field, FormAlert, replyErrors, replyValue, type FormReply } from '../components/forms';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';
import '../chunks/every-page'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Register your organization | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (session.get('token')) throw redirect('/');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseSignUp(formData);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { website, ...input } = submission.value;
  // A filled honeypot is a bot: answer as if it worked, create nothing.
  if (website) return redirect('/org/login');
  try {
    await signUpOrganization(apiSession(context, null), input);
  } catch (error) {
    const failure = await formFailure(error, { request, context }, MSG.couldNotSignUp);
    return data({ result: conformReply(submission, failure) }, { status: failure.status });
  }
  // The API has emailed a sign-in code (to a new account, or to the one that already had this email).
  const session = await getSession(request, context);
  session.set('pendingEmail', input.email.toLowerCase());
  const headers = new Headers();
  headers.append('Set-Cookie', await commitSession(session, context));
  headers.append('Set-Cookie', await toastHeader(context, { type: 'success', title: MSG.signedUp }));
  return redirect('/org/login?step=code', { headers });
}

export default function SignUp() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const reply = (actionData && 'result' in actionData ? actionData.result : undefined) as FormReply | undefined;
  const busy = navigation.state !== 'idle';
  const formError = replyErrors(reply, '')?.[0];
  // Plain elements and the server's checks only (no Chakra, Conform or Zod in the browser): docs/decisions/014.
  const field = (name: string, type: string, autoComplete: string) => ({
    inputProps: { id: `sign-up-${name}`, name, type, autoComplete, defaultValue: replyValue(reply, name) },
    errors: replyErrors(reply, name),
  });
  return (
    <div className="ui-page-form">
      <main id="main">
        <h1 className="ui-h1">Register your organization</h1>
        <p className="ui-lead">
          Register the organization that will apply (an ISP, a cooperative, a town). You become its Organization Admin and can add
          your colleagues later.
        </p>
        <Form method="post" id="sign-up" noValidate aria-describedby={formError ? 'sign-up-error' : undefined}>
          <FormAlert id="sign-up-error" message={formError} />
          <Field label="Organization legal name" {...field('legalName', 'text', 'organization')} />
          <div className="ui-grid-2">
            <Field label="First Name" {...field('firstName', 'text', 'given-name')} />
            <Field label="Last Name" {...field('lastName', 'text', 'family-name')} />
          </div>
          <Field label="Email" {...field('email', 'email', 'email')} />
          <Field label="Phone (optional)" hint="10 digits, for example (608) 555-0100." {...field('phoneNumber', 'tel', 'tel')} />
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label htmlFor="sign-up-website">Leave this empty</label>
            <input id="sign-up-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="ui-btn" disabled={busy} aria-busy={busy || undefined}>
            Register
          </button>
        </Form>
        <p className="ui-after">
          Already registered? <Link to="/org/login" className="ui-link">Sign in</Link>
        </p>
      </main>
    </div>
  );
}
