// A workflow action on several applications at once (issue 10 UI 7): the state list's bulk bar (a plain GET form)
// lands here with ?action=…&id=…&back=…. The page shows each chosen application and what the action would do to it
// or why it would be refused (GET review/applications/bulk: the server's own rules, row by row), asks for what the
// action needs (components/move-fields.tsx, the fields of the review screen's confirmation), and Confirm posts to
// this route: POST review/applications/bulk moves (or assigns) each row in its own transaction or refuses it on its
// own rules, and the page lists per row what happened. Without JavaScript every step is a plain GET or POST.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../components/form';
import { useEffect, useRef } from 'react';
import { requirePortalUser } from '../utils/auth.server';
import { formFailure, readOrFail } from '../utils/api-errors.server';
import { redirectWithToast, returnPath } from '../utils/session.server';
import { readForm } from '../utils/form-data.server';
import { useHydrated } from '../utils/use-hydrated';
import { apiSession } from '../api/client.server';
import { programSections } from '../api/sections.server';
import { bulkMove, bulkPreview, reviewersOfType, type BulkPreviewRow, type BulkResult } from '../api/review.server';
import { FormAlert } from '../components/forms';
import { MoveFields, confirmLabel, moveInput, moveValues, type MoveChoices, type MoveValues, type ReviewerOption } from '../components/move-fields';
import { DataTable } from '../components/list-kit';
import { StatusTag } from '../components/status-badge';
import { ShellErrorBoundary } from '../components/error-boundary';
import { reviewerTypeLabel, type ReviewerType } from '../../domain/review-assignments';
import { statusLabel } from '../../domain/statuses';
import {
  BULK_MAX, BULK_MSG, CHANGE_STATUS_TARGETS, REJECT_REASONS, bulkActionLabel, isBulkActionId, workflowAction, type ActionId,
} from '../../domain/workflow';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d ? `With selected: ${d.action.label}` : 'With selected'} | Broadband Grants Portal` },
];

const LIST = '/state/applications';

/** Where the page goes back to: the list (with its tab, filters and page) the selection was made on. */
function backOf(raw: string | null): string {
  const path = returnPath(raw, 'state');
  return path && (path === LIST || path.startsWith(`${LIST}?`) || path.startsWith(`${LIST}/`)) && !path.startsWith(`${LIST}/bulk`) ? path : LIST;
}

/** The chosen ids: repeated `id` (the list's boxes) or comma lists; upper-cased, each once, in order. */
function idsOf(values: (FormDataEntryValue | string)[]): string[] {
  const ids = values.flatMap((v) => (typeof v === 'string' ? v.split(',') : [])).map((v) => v.trim().toUpperCase()).filter(Boolean);
  return [...new Set(ids)];
}

/** What the action does to an application it is allowed on, as the preview says it. */
function effectOf(actionId: ActionId): string {
  const action = workflowAction(actionId);
  if (actionId === 'assign-reviewers') return 'The chosen reviewers of its stage are added';
  if (actionId === 'mark-review-in-progress') return 'Your review is marked in progress';
  if (action.to === 'CHOSEN') return 'Moves to the status you choose';
  return typeof action.to === 'string' && action.to !== 'REMOVED' ? `Moves to ${statusLabel(action.to)}` : action.label;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const url = new URL(request.url);
  const back = backOf(url.searchParams.get('back'));
  const actionId = url.searchParams.get('action');
  const ids = idsOf(url.searchParams.getAll('id'));
  // A bar sent with nothing chosen goes back to the list it came from, saying what is missing.
  if (!isBulkActionId(actionId)) throw await redirectWithToast(back, context, { type: 'error', title: BULK_MSG.actionRequired });
  if (ids.length === 0) throw await redirectWithToast(back, context, { type: 'error', title: BULK_MSG.applicationsRequired });
  if (ids.length > BULK_MAX) throw await redirectWithToast(back, context, { type: 'error', title: BULK_MSG.tooMany });
  const api = apiSession(context, user);
  const caller = { request, context };
  const preview = await readOrFail(caller, bulkPreview(api, actionId, ids));
  const action = workflowAction(actionId);
  const allowed = preview.rows.filter((r) => r.allowed);
  // Assign Reviewer: the reviewers of every stage among the rows it may take, each with their type and open reviews.
  const types = actionId === 'assign-reviewers' ? [...new Set(allowed.map((r) => r.reviewerType).filter((t): t is ReviewerType => !!t))] : [];
  const [reviewerLists, sections] = await readOrFail(caller, Promise.all([
    Promise.all(types.map((type) => reviewersOfType(api, type))),
    action.needs.sectionIds || action.needs.status ? programSections(api) : Promise.resolve([]),
  ]));
  const reviewers: ReviewerOption[] = reviewerLists.flatMap((list, i) => list.map((r) => ({
    id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, openReviews: r.openReviews,
    type: types.length > 1 ? reviewerTypeLabel(types[i]!) : undefined, assigned: false, started: false,
  })));
  const choices: MoveChoices = {
    reasons: REJECT_REASONS.map((r) => ({ id: r.id, text: r.text })),
    statuses: CHANGE_STATUS_TARGETS.map((s) => ({ value: s, label: statusLabel(s) })),
    sections: sections.filter((s) => !s.isEntityProfile).map((s) => ({ id: s.id, name: s.name })),
    reviewers,
  };
  return {
    action: { id: actionId, label: bulkActionLabel(actionId), needs: action.needs, effect: effectOf(actionId) },
    rows: preview.rows,
    ids,
    back,
    choices,
  };
}

type BulkActionData =
  | { kind: 'done'; results: BulkResult[] }
  | { kind: 'refused'; values: MoveValues; errors: Record<string, string>; message: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const api = apiSession(context, user);
  const url = new URL(request.url);
  const form = await readForm(request);
  const back = backOf(url.searchParams.get('back'));
  const actionId = url.searchParams.get('action');
  const ids = idsOf(form.getAll('id'));
  if (!isBulkActionId(actionId)) return redirectWithToast(back, context, { type: 'error', title: BULK_MSG.actionRequired });
  const values = moveValues(form);
  const body = actionId === 'assign-reviewers' ? { reviewerIds: values.reviewerIds } : actionId === 'mark-review-in-progress' ? {} : moveInput(actionId, values);
  try {
    const answer = await bulkMove(api, actionId, ids, body);
    return data<BulkActionData>({ kind: 'done', results: answer.results });
  } catch (error) {
    const failure = await formFailure(error, { request, context }, workflowAction(actionId).failed);
    return data<BulkActionData>({ kind: 'refused', values, errors: failure.fields, message: failure.message }, { status: failure.status });
  }
}

const PREVIEW_COLUMNS = (effect: string) => [
  { header: 'Application ID', cell: (r: BulkPreviewRow) => r.applicationId, nowrap: true },
  { header: 'Organization', cell: (r: BulkPreviewRow) => r.organization?.name ?? '' },
  { header: 'Status', cell: (r: BulkPreviewRow) => (r.status ? <StatusTag status={r.status} /> : '') },
  { header: 'What happens', cell: (r: BulkPreviewRow) => (r.allowed ? effect : <span className="muted">Not changed: {r.message}</span>) },
];

const RESULT_COLUMNS = [
  { header: 'Application ID', cell: (r: BulkResult) => r.applicationId, nowrap: true },
  {
    header: 'Result',
    cell: (r: BulkResult) => (r.ok ? 'Done' : 'Not changed'),
  },
  {
    header: 'Status',
    cell: (r: BulkResult) =>
      r.ok && r.fromStatus && r.status && r.fromStatus !== r.status
        ? `${statusLabel(r.fromStatus)} → ${statusLabel(r.status)}`
        : r.status ? statusLabel(r.status) : '',
  },
  { header: 'Message', cell: (r: BulkResult) => r.message },
];

/** The page after Confirm: what happened to each application, read first (focus moves to the summary). */
function Results({ results, label, back }: { results: BulkResult[]; label: string; back: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const done = results.filter((r) => r.ok).length;
  const noun = (n: number) => (n === 1 ? 'application' : 'applications');
  return (
    <section aria-labelledby="bulk-results-title" data-testid="bulk-results">
      <h2 id="bulk-results-title" className="ui-panel-title-spaced" tabIndex={-1} ref={ref}>
        Results
      </h2>
      <p role="status" className="ui-lead" data-testid="bulk-summary">
        {label}: {done} of {results.length} {noun(results.length)} done
        {done < results.length ? `, ${results.length - done} not changed (the reason is beside each)` : ''}.
      </p>
      <div className="ui-review-actions">
        <DataTable
          caption={`Results of ${label}`}
          columns={RESULT_COLUMNS}
          rows={results}
          rowKey={(r) => r.applicationId}
          testId="bulk-results-table"
          rowTestId="bulk-result-row"
        />
      </div>
      <p>
        <Link to={back} className="ui-btn">
          Back to Applications
        </Link>
      </p>
    </section>
  );
}

export default function BulkAction() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as BulkActionData | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = hydrated && navigation.state === 'submitting';
  const allowed = d.rows.filter((r) => r.allowed).length;
  const refused = result?.kind === 'refused' ? result : null;
  const errors = refused?.errors ?? {};
  const message = refused && !Object.values(errors).includes(refused.message) ? refused.message : null;

  return (
    <>
      <p className="ui-back">
        <Link to={d.back} className="ui-link">
          Back to Applications
        </Link>
      </p>
      <div className="ui-list-head">
        <h1 className="ui-list-title">With selected: {d.action.label}</h1>
      </div>

      {result?.kind === 'done' ? (
        <Results results={result.results} label={d.action.label} back={d.back} />
      ) : (
        <>
          <p className="ui-lead" data-testid="bulk-intro">
            {allowed === d.rows.length
              ? `${d.action.label} will be applied to the ${d.rows.length === 1 ? 'selected application' : `${d.rows.length} selected applications`}.`
              : `${allowed} of the ${d.rows.length} selected applications can take this action now; the others are listed with the reason and will not be changed.`}
          </p>
          <div className="ui-review-actions">
            <DataTable
              caption={`Selected applications for ${d.action.label}`}
              columns={PREVIEW_COLUMNS(d.action.effect)}
              rows={d.rows}
              rowKey={(r) => r.applicationId}
              testId="bulk-preview-table"
              rowTestId="bulk-preview-row"
            />
          </div>
          {allowed === 0 ? (
            <p>
              <Link to={d.back} className="ui-btn">
                Back to Applications
              </Link>
            </p>
          ) : (
            <section className="ui-panel" aria-labelledby="bulk-confirm-title">
              <h2 id="bulk-confirm-title" className="ui-panel-title-spaced">
                Confirm {d.action.label}
              </h2>
              <FormAlert id="bulk-error" message={message} />
              <Form method="post" action={`${location.pathname}${location.search}`} noValidate>
                {/* One field, a comma list (one control per id would repeat a name in a form). */}
                <input type="hidden" name="id" value={d.ids.join(',')} />
                <MoveFields
                  actionId={d.action.id}
                  needs={d.action.needs}
                  choices={d.choices}
                  values={refused?.values}
                  errors={errors}
                  noReviewers="No active reviewers of these stages."
                />
                <div className="ui-dialog-actions">
                  <Link to={d.back} className="ui-btn-outline">
                    Cancel
                  </Link>
                  <button type="submit" className={d.action.id === 'mark-as-rejected' ? 'ui-btn-danger' : 'ui-btn'} disabled={busy}>
                    {confirmLabel(d.action.id)}
                  </button>
                </div>
              </Form>
            </section>
          )}
        </>
      )}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
