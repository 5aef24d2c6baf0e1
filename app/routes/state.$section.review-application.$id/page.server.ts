// The review screen's loader and action (the route is ./route.tsx). The loader reads the application as the state
// sees it (GET review/applications/{id}) and sends the browser only what the page shows: the steps, the current
// step's answers written for a person (domain/answer-text.ts, as the printed application writes them), the header,
// the action menu's labels for exactly `allowedActions`, and the open action's choices (?action=). The action posts
// the chosen workflow action through the typed client; success redirects with a toast, a refusal comes back for the
// open dialog or panel with what was typed. A State_Admin may also unlock the section shown (?unlock=section: the
// Admin Unlock dialog and action of components/unlocks, docs/decisions/039) when it is locked.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../../utils/auth.server';
import { formFailure, readOrFail } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { readForm } from '../../utils/form-data.server';
import { withParams } from '../../utils/url-state';
import { moveInput, moveValues } from '../../components/move-fields';
import { apiSession } from '../../api/client.server';
import { unlockState } from '../../api/unlock-requests.server';
import { adminUnlockAction, reviewRequestAction } from '../../components/unlocks/admin-unlock.server';
import { ADMIN_UNLOCK_INTENT, ADMIN_UNLOCK_PARAM as UNLOCK_PARAM, REVIEW_REQUEST_INTENT } from '../../components/unlocks/admin-unlock';
import { publicUrl } from '../../api/documents.server';
import {
  assignReviewers, markReviewInProgress, move, reviewApplication, reviewersOfType, type ReviewQuestion,
} from '../../api/review.server';
import { answerText, cellDisplay, tableRows, totalsRow } from '../../../domain/answer-text';
import { displayLevel } from '../../../domain/validation/display';
import { APPLICATION_MSG } from '../../../domain/messages';
import { statusLabel } from '../../../domain/statuses';
import { reviewerTypeLabel } from '../../../domain/review-assignments';
import { accessLevels, can, stageOf, VENDOR_STAGE } from '../../../domain/permissions';
import type { RoleName } from '../../../domain/roles';
import { unlockRefusal } from '../../../domain/unlock-requests';
import {
  CHANGE_STATUS_TARGETS, isActionId, REJECT_REASONS, STATE_MOVE_IDS, workflowAction, type ActionId,
} from '../../../domain/workflow';
import type { ActionView, AnswerView, ReviewActionResult } from './types';
import { moveGuardView } from './move-guards';
import { hasAttachments } from './attachments-link';
import { CONSENSUS_PARAM, isMarkingIntent, markingAction, markingView, REVIEW_UNLOCK_PARAM } from './marking.server';
import type { ReviewWithMarking } from '../../api/review-marking.server';
import { rubricAction, rubricView } from './rubric.server';
import { RUBRIC_INTENT, RUBRIC_PARAM } from './rubric-intents';
import { earlierReviewsView } from './earlier-reviews.server';

/** The query parameter of the open confirmation (a URL-state dialog, decision 004). */
export const ACTION_PARAM = 'action';


/** A question as the page shows it: its number's depth, and its answer as text, a table or a file link. */
function answerView(api: Parameters<typeof publicUrl>[0], q: ReviewQuestion): AnswerView {
  const base = { id: q.id, systemNo: q.systemNo, text: q.text, level: Math.min(displayLevel(q.systemNo), 5) || null };
  if (q.type === 'Header') return { ...base, kind: 'header' };
  if (q.type === 'File' && q.file) return { ...base, kind: 'file', fileName: q.file.fileName, href: publicUrl(api, q.file.signedUrl) };
  if (q.type === 'Table' && q.tableColumns) {
    const rows = tableRows(q.tableColumns, q.answer).map((cells) => cells.map((cell, i) => cellDisplay(q.tableColumns![i]!, cell)));
    const totals = q.additionalMetadata?.hasTotals && rows.length ? totalsRow(q.tableColumns, tableRows(q.tableColumns, q.answer)) : null;
    return { ...base, kind: 'table', columns: q.tableColumns.map((c) => c.name), rows, totals };
  }
  return { ...base, kind: 'text', answer: answerText(q, q.answer) };
}

function actionView(id: ActionId): ActionView {
  const action = workflowAction(id);
  return { id, label: action.label, needs: action.needs, target: action.to === 'CHOSEN' || action.to === 'REMOVED' || action.to === null ? null : statusLabel(action.to) };
}

/**
 * What the caller may do about a locked section here: the State_Admin unlocks it ('unlock'); a stage admin in the
 * application's stage, or a reviewer (who sees only what is assigned to them), asks the State Admin ('request').
 */
function unlockMode(role: RoleName | null | undefined, status: string): 'unlock' | 'request' | null {
  if (!role) return null;
  if (can(role, 'update', 'unlock-request')) return 'unlock';
  const levels = accessLevels(role, 'create', 'unlock-request');
  if (levels.includes('assigned')) return 'request';
  if (levels.includes('stage') && stageOf(status) !== null && stageOf(status) === VENDOR_STAGE[role]) return 'request';
  return null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const api = apiSession(context, user);
  const caller = { request, context };
  const id = String(params.id ?? '').toUpperCase();
  const review = await readOrFail(caller, reviewApplication(api, id), { notFound: APPLICATION_MSG.notFound });
  const url = new URL(request.url);
  const sections = review.sections;
  const step = sections.find((s) => s.slug === url.searchParams.get('step')) ?? sections[0];
  if (!step) throw data(APPLICATION_MSG.notFound, { status: 404 });
  const requested = url.searchParams.get(ACTION_PARAM);
  // Only an action the caller may take now opens; anything else in the URL is ignored (the menu shows no such action).
  const open = requested && isActionId(requested) && review.allowedActions.includes(requested) ? requested : null;
  const { application: app } = review;
  const marking = await markingView(api, caller, review as ReviewWithMarking, step.id, url, user.role);
  // The Score Preview (decision 042): offered to the rubric's readers; its sheet read only while open.
  const rubric = await rubricView(api, caller, app.applicationId, url, user.role, !!open);
  // The passes that ended with a revision (decision 051): shown read-only when the caller may see one.
  const earlier = await earlierReviewsView(api, caller, app.applicationId, url);
  const reviewers = open === 'assign-reviewers' && app.reviewerType ? await readOrFail(caller, reviewersOfType(api, app.reviewerType)) : [];
  // The section's lock as the State_Admin may change it, or a reviewer or stage admin may ask to (the same rules the
  // API applies: domain/unlock-requests.ts, and the permissions table's create:unlock-request; decision 034).
  const mode = unlockMode(user.role, app.status);
  const lock = mode && !step.isEntityProfile
    ? (await readOrFail(caller, unlockState(api, app.applicationId))).sections.find((s) => s.sectionId === step.id) ?? null
    : null;
  const unlock = lock && mode
    ? { mode, pending: lock.pending, unlocked: lock.unlocked, allowed: unlockRefusal({ status: app.status, isEntityProfile: false, unlocked: lock.unlocked, pending: lock.pending }) === null }
    : null;
  return {
    section: params.section ?? 'applications',
    marking,
    rubric,
    earlier,
    application: {
      id: app.applicationId,
      status: app.status,
      programName: app.program.name,
      organization: app.organization.legalName,
      projectLocation: app.projectLocation,
      technologyType: app.technologyType,
      stage: app.stage ? `${app.stage.charAt(0)}${app.stage.slice(1).toLowerCase()}` : null,
      submittedAt: app.submittedAt,
    },
    projectArea: review.projectArea,
    attachments: hasAttachments(review.sections),
    assigned: review.assignedReviewers.map((r) => ({
      id: r.reviewerId, name: `${r.firstName} ${r.lastName}`.trim(), type: reviewerTypeLabel(r.reviewerType), status: r.status,
    })),
    steps: sections.map((s) => ({ id: s.id, slug: s.slug, name: s.name, unlocked: s.unlocked })),
    step: { id: step.id, slug: step.slug, name: step.name, isEntityProfile: step.isEntityProfile },
    questions: step.questions.filter((q) => q.visible).map((q) => answerView(api, q)),
    actions: review.allowedActions.map(actionView),
    guards: moveGuardView(review.moveGuards),
    open: open ? actionView(open) : null,
    unlock: unlock ? { ...unlock, open: unlock.allowed && url.searchParams.get(UNLOCK_PARAM) === (unlock.mode === 'unlock' ? 'section' : 'request') } : null,
    choices: {
      reasons: REJECT_REASONS.map((r) => ({ id: r.id, text: r.text })),
      statuses: CHANGE_STATUS_TARGETS.filter((s) => s !== app.status).map((s) => ({ value: s, label: statusLabel(s) })),
      sections: sections.filter((s) => !s.isEntityProfile).map((s) => ({ id: s.id, name: s.name })),
      reviewers: reviewers.map((r) => ({
        id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, openReviews: r.openReviews,
        assigned: review.assignedReviewers.some((a) => a.reviewerId === r.id),
        started: review.assignedReviewers.some((a) => a.reviewerId === r.id && a.status !== 'PENDING'),
      })),
    },
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const api = apiSession(context, user);
  const caller = { request, context };
  const id = String(params.id ?? '').toUpperCase();
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = text(form, 'intent');
  if (isMarkingIntent(intent)) {
    const to = `${url.pathname}${withParams(url.search, { [ACTION_PARAM]: null, [REVIEW_UNLOCK_PARAM]: null, [CONSENSUS_PARAM]: null })}`.replace(/\?$/, '');
    return markingAction(api, caller, form, intent, id, to, () => reviewApplication(api, id) as Promise<ReviewWithMarking>);
  }
  if (intent === RUBRIC_INTENT) {
    // Saved: the dialog stays open on the new total.
    const keep = `${url.pathname}${withParams(url.search, { [ACTION_PARAM]: null, [UNLOCK_PARAM]: null, [RUBRIC_PARAM]: 'preview' })}`;
    return rubricAction(api, caller, form, id, keep);
  }
  const actionId = text(form, 'intent');
  // After the move the page shows the application again, the dialog closed, on the same step.
  const back = `${url.pathname}${withParams(url.search, { [ACTION_PARAM]: null, [UNLOCK_PARAM]: null })}`.replace(/\?$/, '');
  if (actionId === ADMIN_UNLOCK_INTENT) return adminUnlockAction(api, caller, form, back);
  if (actionId === REVIEW_REQUEST_INTENT) return reviewRequestAction(api, caller, form, back);
  if (!isActionId(actionId)) return redirect(back);
  const action = workflowAction(actionId);
  const values = moveValues(form);
  try {
    if (actionId === 'assign-reviewers') await assignReviewers(api, id, values.reviewerIds);
    else if (actionId === 'mark-review-in-progress') await markReviewInProgress(api, id);
    else if (STATE_MOVE_IDS.includes(actionId)) {
      await move(api, id, actionId, moveInput(actionId, values));
    } else {
      return redirect(back);
    }
  } catch (error) {
    const failure = await formFailure(error, caller, action.failed);
    return data<ReviewActionResult>(
      { actionId, values, errors: failure.fields, message: failure.message, conflict: failure.kind === 'conflict' },
      { status: failure.status },
    );
  }
  return redirectWithToast(back, context, { type: 'success', title: action.done });
}
