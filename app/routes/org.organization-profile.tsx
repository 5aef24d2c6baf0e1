// Entity Profile (spec 2): the Entity Information questions, Cancel (asks before leaving) and Save.
// Plain form posts: a failed save re-renders with everything typed kept and the errors tied to fields.
import { useMemo } from 'react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../components/form';
import { heldAnswers, releaseHeldAnswers, requirePortalUser } from '../utils/auth.server';
import { formFailure, readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { organizationProfile, saveOrganizationProfile } from '../api/profile.server';
import { redirectWithToast } from '../utils/session.server';
import { answersFromForm, applyTableIntent, tableIntent } from '../utils/question-form';
import { closeDialogs, withParams } from '../utils/url-state';
import { useUnsavedChanges } from '../utils/use-unsaved-changes';
import { DefaultSubmit, ErrorSummary, QuestionList } from '../components/question-list';
import { FormAlert } from '../components/forms';
import { UrlDialog } from '../components/url-dialog';
import { ShellErrorBoundary } from '../components/error-boundary';
import { MSG, PORTAL_MSG, PROFILE_MSG } from '../../domain/messages';
import type { AnswerValue } from '../../domain/questions';
import { readForm } from '../utils/form-data.server';
import { applyChoices, conflictOutcome, heldEditState, questionWords, readPostedEdit, viewEditState, type EditState } from '../utils/edit-conflict';
import { EditConflictPanel, EditStateFields } from '../components/edit-conflict-panel';
import '../chunks/answers'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Entity Profile | Broadband Grants Portal' }];

async function loadProfile(request: Request, context: LoaderFunctionArgs['context'], saving = false) {
  const user = await requirePortalUser(request, context, 'org', { holdAnswers: saving });
  const profile = await readOrFail({ request, context }, organizationProfile(apiSession(context, user), user.organization!.id));
  return { user, profile };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { profile, user } = await loadProfile(request, context);
  const held = await heldAnswers(request, context, user);
  return {
    profile,
    organizationName: user.organization!.name,
    restored: held && !profile.readOnly ? answersFromForm(profile.questions, held) : null,
    // Held answers go on from the version their form started from (decision 099).
    restoredEdit: held && !profile.readOnly ? heldEditState(held, viewEditState(profile.version, profile.questions)) : null,
  };
}

type ProfileResult = { values: Record<string, AnswerValue>; errors: Record<string, string>; message: string | null; edit: EditState };

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, profile } = await loadProfile(request, context, true);
  const form = await readForm(request);
  // The version and answers the form started from, and a conflict's choices applied (decision 099).
  const posted = readPostedEdit(form);
  const chosen = applyChoices(form, answersFromForm(profile.questions, form), posted);
  const { state: edit, unchosen } = chosen;
  let values = chosen.values;
  const rows = tableIntent(String(form.get('intent') ?? ''));
  if (rows) {
    // Adding or removing a table row re-renders the form with everything typed; nothing is saved.
    values = applyTableIntent(profile.questions, values, rows);
    return data<ProfileResult>({ values, errors: {}, message: null, edit });
  }
  if (unchosen) return data<ProfileResult>({ values, errors: {}, message: null, edit: unchosen }, { status: 409 });
  try {
    await saveOrganizationProfile(apiSession(context, user), user.organization!.id, values, posted.version);
    await releaseHeldAnswers(request, context, user);
  } catch (error) {
    const failure = await formFailure(error, { request, context });
    if (failure.editConflict) {
      // Saved meanwhile by someone else: the profile as this action read it is theirs; nothing typed is lost.
      const current = viewEditState(profile.version, profile.questions);
      const outcome = conflictOutcome({ words: questionWords(profile.questions), conflict: failure.editConflict, current, base: posted.base, mine: values, what: 'the Entity Profile' });
      return data<ProfileResult>({ values: outcome.values, errors: {}, message: null, edit: outcome.state }, { status: 409 });
    }
    // Errors tied to their questions when the API named them, else the API's message; what was typed stays.
    const tied = Object.keys(failure.fields).length > 0;
    return data<ProfileResult>({ values, errors: failure.fields, message: tied ? null : failure.message, edit }, { status: failure.status });
  }
  // Spec 2: a successful Save returns to /org/.
  return redirectWithToast('/org/', context, { type: 'success', title: PROFILE_MSG.saved });
}

export default function EntityProfile() {
  const { profile, organizationName, restored, restoredEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const guard = useUnsavedChanges({ enabled: !profile.readOnly, resetKey: actionData ?? restored ?? undefined });
  const saving = navigation.state === 'submitting';
  // Stable between renders: the form resets its live state only when new data arrives.
  const values = useMemo<Record<string, AnswerValue>>(
    () => actionData?.values ?? restored ?? Object.fromEntries(profile.questions.map((q) => [q.id, q.answer])),
    [actionData, restored, profile],
  );
  const errors = useMemo<Record<string, string>>(() => actionData?.errors ?? {}, [actionData]);
  // The version and answers the form's answers belong to, and a conflict to settle (decision 099).
  const edit = useMemo(
    () => (actionData?.edit?.version ? actionData.edit : (restoredEdit ?? viewEditState(profile.version, profile.questions))),
    [actionData, restoredEdit, profile],
  );
  const readOnly = profile.readOnly;

  const leaving = new URLSearchParams(location.search).get('leave') === '1';
  const body = (
    <>
      {/* Save first: Enter in a field saves (the owners table's "Add row" comes before the visible Save). */}
      {readOnly ? null : <DefaultSubmit />}
      <div className="ui-panel-4xl">
        <h2 className="ui-panel-title-spaced">{profile.section.name}</h2>
        <QuestionList questions={profile.questions} values={values} errors={errors} disabled={readOnly} onDirty={() => !readOnly && guard.setDirty(true)} context="profile" />
      </div>
      <div className="ui-form-actions">
        <Link to={withParams(location.search, { leave: '1' })} preventScrollReset className="ui-btn-outline">
          Cancel
        </Link>
        {readOnly ? null : (
          <button type="submit" name="intent" value="save" className="ui-btn" disabled={saving} aria-busy={saving || undefined}>
            Save
          </button>
        )}
      </div>
    </>
  );

  return (
    <>
      <h1 className="ui-h1-tight">Entity Profile</h1>
      <p className="ui-lead">{organizationName}: these answers appear, read-only, as the first section of every application.</p>
      {readOnly ? <FormAlert tone="info" message={PROFILE_MSG.staffCannotEdit} /> : null}
      <FormAlert message={actionData?.message} />
      <FormAlert tone="info" message={restored && !actionData ? PORTAL_MSG.answersRestored : null} />
      <ErrorSummary questions={profile.questions} errors={errors} />
      {/* Staff read the profile: no form then (nothing to submit, html-validate's wcag/h32). */}
      {readOnly ? (
        <div>{body}</div>
      ) : (
        <Form method="post" noValidate data-hold-answers="" {...guard.formProps}>
          <EditStateFields {...edit} />
          <EditConflictPanel panel={edit.panel} />
          {body}
        </Form>
      )}
      {leaving ? (
        <UrlDialog id="leave-profile" title="Leave this page?" closeTo={closeDialogs(withParams(location.search, { leave: null }))} role="alertdialog">
          <p>{MSG.leavePage}</p>
          <div className="ui-dialog-actions">
            <Link to={withParams(location.search, { leave: null })} preventScrollReset className="ui-btn-outline">
              No
            </Link>
            <Link to="/org/" data-autofocus onClick={guard.leaveWithoutAsking} className="ui-btn">
              Yes
            </Link>
          </div>
        </UrlDialog>
      ) : null}
      {guard.dialog}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
