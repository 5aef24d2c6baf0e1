// The sign-in screen for both portals: email first, then the 6-digit code from the email.
// Every visitor's first page, so it is plain elements with the build-time classes (app/styles/static-classes.ts)
// and no Chakra, Conform or Zod in the browser: the two checks are the server's (app/utils/login.server.ts, one
// place for the rules), whose answer comes back in a fetch with JS and in the page without it (docs/decisions/014).
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Form } from './form';
import { Field, FormAlert, replyErrors as errorsOf, replyValue as typed, type FormReply as Reply } from './forms';
import type { loginAction, loginLoader } from '../utils/login.server';

type LoaderData = Awaited<ReturnType<typeof loginLoader>>['data'];
type ActionData = Awaited<ReturnType<typeof loginAction>> extends infer R ? (R extends { data: infer D } ? D : never) : never;

export function LoginPage() {
  const loaderData = useLoaderData() as LoaderData;
  const actionData = useActionData() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { portal, step, pendingEmail, devOutboxUrl, notice, redirectTo } = loaderData;
  const title = portal === 'state' ? 'State staff sign in' : 'Organization sign in';

  return (
    <div className="ui-page-narrow">
      <main id="main">
        <p className="ui-eyebrow">Broadband Grants Portal</p>
        <h1 className="ui-h1">{step === 'code' ? 'Enter your sign-in code' : title}</h1>
        {step === 'code' ? (
          <CodeStep email={pendingEmail ?? ''} reply={actionData?.form === 'code' ? (actionData.result as Reply) : undefined} busy={busy} />
        ) : (
          <EmailStep portal={portal} notice={notice} redirectTo={redirectTo} reply={actionData?.form === 'email' ? (actionData.result as Reply) : undefined} busy={busy} />
        )}
        {devOutboxUrl ? (
          <div className="ui-note">
            <p>Development mode: no email is sent</p>
            <p>
              Sign-in codes go to the development outbox. On this machine, read them at{' '}
              <code>{devOutboxUrl}your.address@example.org</code> (the server console prints them too).
            </p>
          </div>
        ) : null}
      </main>
    </div>
  );
}

function EmailStep({ portal, notice, redirectTo, reply, busy }: { portal: string; notice: string | null; redirectTo: string | null; reply?: Reply; busy: boolean }) {
  const formError = errorsOf(reply, '')?.[0] ?? notice;
  return (
    <>
      <p className="ui-lead">Enter your email address. We will send you a 6-digit code to sign in: there is no password to remember.</p>
      <Form method="post" id="login-email" noValidate aria-describedby={formError ? 'login-email-error' : undefined}>
        <FormAlert id="login-email-error" message={formError} />
        {/* The page a shared link asked for: kept through the code step and the organization chooser. */}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Email"
          inputProps={{ id: 'login-email-email', name: 'email', type: 'email', required: true, defaultValue: typed(reply, 'email'), autoComplete: 'email', autoFocus: true }}
          errors={errorsOf(reply, 'email')}
        />
        <button type="submit" name="intent" value="send-code" className="ui-btn-block" disabled={busy} aria-busy={busy || undefined}>
          Send code
        </button>
      </Form>
      {portal === 'org' ? (
        <p className="ui-after">
          New to the portal? <Link to="/org/sign-up" className="ui-link">Register your organization</Link>
        </p>
      ) : (
        <p className="ui-after-muted">
          Applying for a grant? Use the <Link to="/org/login" className="ui-link">organization sign in</Link>.
        </p>
      )}
    </>
  );
}

function CodeStep({ email, reply, busy }: { email: string; reply?: Reply; busy: boolean }) {
  const formError = errorsOf(reply, '')?.[0];
  return (
    <>
      <p className="ui-lead">
        We sent a code to <strong>{email}</strong> if it belongs to an account. The code is valid for 10 minutes.
      </p>
      <Form method="post" id="login-code" noValidate aria-describedby={formError ? 'login-code-error' : undefined}>
        <FormAlert id="login-code-error" message={formError} />
        <Field
          label="6-digit code"
          inputProps={{
            id: 'login-code-code',
            name: 'code',
            type: 'text',
            required: true,
            pattern: '[0-9]{6}',
            defaultValue: typed(reply, 'code'),
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 6,
            autoFocus: true,
          }}
          errors={errorsOf(reply, 'code')}
        />
        <button type="submit" name="intent" value="verify" className="ui-btn-block" disabled={busy} aria-busy={busy || undefined}>
          Sign in
        </button>
      </Form>
      <div className="ui-row">
        <Form method="post">
          <button type="submit" name="intent" value="resend" className="ui-btn-outline-sm">
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="change-email" className="ui-btn-ghost-sm">
            Use a different email
          </button>
        </Form>
      </div>
    </>
  );
}
