// The organization chooser for a user of several organizations (spec 2), and the invitations they have not answered
// (decision 093): an organization's admin invites an existing account; it joins only when its owner accepts here.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Form } from '../components/form';
import { afterOrganizationChosen, chooseOrganization, logout } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { currentUser } from '../api/profile.server';
import { commitSession, getSession, redirectWithToast } from '../utils/session.server';
import { acceptInvitation, declineInvitation } from '../api/account.server';
import { formFailure, toastFailure } from '../utils/api-errors.server';
import { roleLabel, type RoleName } from '../../domain/roles';
import { ErrorList, FormAlert, nativeSelectStyle } from '../components/forms';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Select an entity | Broadband Grants Portal' }];

async function signedInProfile(request: Request, context: LoaderFunctionArgs['context']) {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token) throw redirect('/org/login');
  if (session.get('roleType') !== 'org') throw redirect('/unauthorized');
  const profile = await readOrFail({ request, context }, currentUser(apiSession(context, { token })));
  return { session, profile };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { profile } = await signedInProfile(request, context);
  const active = profile.organizations.filter((o) => o.status === 'active');
  return {
    organizations: profile.organizations.map((o) => ({ id: o.id, name: o.name, active: o.status === 'active', role: o.role.name })),
    invitations: (profile.invitations ?? []).map((i) => ({ organizationId: i.organizationId, name: i.name, role: i.role.name })),
    noneActive: active.length === 0,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  // Cancel ends the half-finished sign-in and returns to /org/login (spec 2).
  if (form.get('intent') === 'cancel') return logout(request, context);
  const { session, profile } = await signedInProfile(request, context);
  const intent = form.get('intent');
  if (intent === 'accept' || intent === 'decline') {
    const api = apiSession(context, { token: session.get('token')! });
    const organizationId = String(form.get('organizationId') ?? '');
    const caller = { request, context };
    try {
      const answer = intent === 'accept' ? await acceptInvitation(api, organizationId) : await declineInvitation(api, organizationId);
      return redirectWithToast('/org/select-organization', context, { type: 'success', title: answer.message });
    } catch (error) {
      return toastFailure(await formFailure(error, caller), caller, '/org/select-organization');
    }
  }
  const chosen = profile.organizations.find((o) => o.id === form.get('organizationId'));
  if (!chosen) return data({ error: PORTAL_MSG.organizationRequired }, { status: 400 });
  if (chosen.status !== 'active') return data({ error: PORTAL_MSG.organizationInactive }, { status: 400 });
  chooseOrganization(session, chosen);
  return redirect(afterOrganizationChosen(session), { headers: { 'Set-Cookie': await commitSession(session, context) } });
}

export default function SelectOrganization() {
  const { organizations, invitations, noneActive } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && 'error' in actionData ? actionData.error : null;
  // Plain elements with the build-time classes, like the sign-in pages it follows (no Chakra in the browser).
  return (
    <div className="ui-page-narrow">
      <main id="main">
        <h1 className="ui-h1">{MSG.selectEntityTitle}</h1>
        {noneActive && invitations.length === 0 ? <FormAlert message={PORTAL_MSG.organizationInactive} /> : null}
        {invitations.length > 0 ? <Invitations invitations={invitations} /> : null}
        {organizations.length > 0 ? (
        <Form method="post" id="choose-organization">
          <div className="ui-field">
            <label htmlFor="organizationId" className="ui-label">
              {MSG.selectEntity}
            </label>
            <select
              id="organizationId"
              name="organizationId"
              required
              defaultValue=""
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'organizationId-error' : undefined}
              style={nativeSelectStyle}
            >
              <option value="" disabled>
                {MSG.selectOption}
              </option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id} disabled={!o.active}>
                  {o.name} ({o.role.replace(/_/g, ' ')}){o.active ? '' : ' (inactive)'}
                </option>
              ))}
            </select>
            <ErrorList id="organizationId-error" errors={error ? [error] : null} />
          </div>
          {/*
            Both buttons inside the form: text browsers ignore form="…" (issue 9 item 15). Next comes first, so
            Enter chooses, and is shown first: what is shown is the order of the page, for the keyboard and a screen
            reader too (no reordering by style, issue 41 item 13). Cancel ends the half-finished sign-in (spec 2).
          */}
          <div className="ui-form-actions">
            <button type="submit" name="intent" value="choose" className="ui-btn">
              Next
            </button>
            <button type="submit" name="intent" value="cancel" formNoValidate className="ui-btn-outline">
              Cancel
            </button>
          </div>
        </Form>
        ) : (
          <Form method="post">
            <button type="submit" name="intent" value="cancel" formNoValidate className="ui-btn-outline">
              Cancel
            </button>
          </Form>
        )}
      </main>
    </div>
  );
}

/** The invitations waiting for an answer, each with Accept and Decline (plain posts). */
function Invitations({ invitations }: { invitations: { organizationId: string; name: string; role: RoleName }[] }) {
  return (
    <section aria-labelledby="invitations-title" className="ui-panel">
      <h2 id="invitations-title" className="ui-panel-title">
        Invitations
      </h2>
      <ul className="ui-facts-list">
        {invitations.map((i) => (
          <li key={i.organizationId}>
            <p>
              {i.name} invited you to join as {roleLabel(i.role)}.
            </p>
            <Form method="post" className="ui-actions">
              <input type="hidden" name="organizationId" value={i.organizationId} />
              <button type="submit" name="intent" value="accept" className="ui-btn" aria-label={`Accept the invitation of ${i.name}`}>
                Accept
              </button>
              <button type="submit" name="intent" value="decline" className="ui-btn-outline" aria-label={`Decline the invitation of ${i.name}`}>
                Decline
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
