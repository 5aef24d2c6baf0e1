// Autosave of a draft section (issue 43 part 2, decision 100): the section form's answers, posted with fetch by
// app/components/autosave.tsx a few seconds after typing stops or when a field, the page or the tab is left. The same
// API call and the same validation as Save; it never moves the application's status and never submits. Answers the
// API refuses are left out and named in the answer (their messages stand beside their fields); the rest is saved.
// Without JavaScript nothing posts here: Save is the form's own post, as before. The save carries the version the form
// started from (decision 099): a stale one is a 409, and the page's own Save then shows the conflict panel; a saved one
// answers the new version and answers, which the form goes on from.
import { type ActionFunctionArgs } from '@remix-run/node';
import { requirePortalUser, sessionStillOpen } from '../utils/auth.server';
import { formFailure } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { chosenApplication } from '../utils/chosen-application.server';
import { saveSectionAnswers, sectionView } from '../api/sections.server';
import { answersFromForm } from '../utils/question-form';
import { readForm } from '../utils/form-data.server';
import { can } from '../../domain/permissions';
import { APPLICATION_MSG, MSG, PORTAL_MSG } from '../../domain/messages';
import { AUTOSAVE_FIELDS } from '../../domain/autosave';
import { readPostedEdit, viewEditState } from '../utils/edit-conflict';
import { EDIT_CONFLICT_MSG } from '../../domain/edit-conflicts';
import type { SectionView } from '../api/types';

/** What the hook reads: when the save was acknowledged, and the answers left unsaved with their messages. */
export type AutosaveAnswer = { savedAt: string; errors: Record<string, string>; version: string; base: Record<string, unknown> } | { message: string };

const answer = (body: AutosaveAnswer, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });

export async function action({ request, context }: ActionFunctionArgs) {
  // An ended session is not ended here: the page's Save (holding what was typed) or its idle watcher does that.
  if (!(await sessionStillOpen(request, context))) return answer({ message: PORTAL_MSG.sessionExpired }, 401);
  const user = await requirePortalUser(request, context, 'org');
  if (!can(user.role, 'update', 'application')) return answer({ message: MSG.actionNotAllowed }, 403);
  const caller = { request, context };
  const form = await readForm(request);
  const api = apiSession(context, user);
  try {
    const applicationId = await chosenApplication(api, user, String(form.get(AUTOSAVE_FIELDS.application) ?? ''));
    const sectionId = String(form.get(AUTOSAVE_FIELDS.section) ?? '');
    const view = await sectionView(api, applicationId, sectionId);
    // A locked section (submitted, in review, not reopened) is never autosaved; the page's Save says why.
    if (view.application.readOnly) return answer({ message: APPLICATION_MSG.sectionLocked }, 409);
    const posted = readPostedEdit(form);
    // A conflict on the page waits for the person's choices: only their Save settles it.
    if (posted.pending) return answer({ message: EDIT_CONFLICT_MSG.choose }, 409);
    const values = answersFromForm(view.questions, form);
    const errors: Record<string, string> = {};
    // A refused answer is left out (the stored one stays) and the rest saved again; each round leaves out at least one
    // more question, so this ends.
    for (;;) {
      try {
        const saved = (await saveSectionAnswers(api, applicationId, sectionId, values, posted.version)) as SectionView;
        const edit = viewEditState(saved.section.version, saved.questions);
        return answer({ savedAt: new Date().toISOString(), errors, version: edit.version!, base: edit.base });
      } catch (error) {
        const failure = await formFailure(error, caller);
        const refused = Object.keys(failure.fields).filter((id) => id in values);
        if (failure.status !== 400 || refused.length === 0) return answer({ message: failure.message }, failure.status);
        for (const id of refused) {
          errors[id] = failure.fields[id]!;
          delete values[id];
        }
        if (Object.keys(values).length === 0) {
          const edit = viewEditState(view.section.version, view.questions);
          return answer({ savedAt: new Date().toISOString(), errors, version: edit.version!, base: edit.base });
        }
      }
    }
  } catch (error) {
    const failure = await formFailure(error, caller);
    return answer({ message: failure.message }, failure.status);
  }
}

export { refuseMethod as loader } from '../utils/form-data.server';
