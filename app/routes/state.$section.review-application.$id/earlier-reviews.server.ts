// The review screen's earlier reviews (decision 051): the passes through the stages that ended when the application
// was revised (decision 047), read through GET review/applications/{id}/passes, which already keeps to what the
// caller may see (domain/review-sight.ts). The loader hands the page each pass's heading and, for the pass named by
// ?pass= (URL state: a plain link opens it, no JavaScript needed), its marks as a questions × reviewers table, each
// reviewer's decision, the consensus values and the pass's review summary, written as words (domain/review-text.ts).
import { readUnlessForbidden, type ApiCaller } from '../../utils/api-errors.server';
import type { ApiSession } from '../../api/client.server';
import { earlierPasses, type EarlierPass } from '../../api/review-marking.server';
import { DECISION_LABELS } from '../../../domain/review-marks';
import { markText, summaryText } from '../../../domain/review-text';
import { statusLabel } from '../../../domain/statuses';
import { formatListDate } from '../../../domain/dates';
import { ASSIGNMENT_WORD, STAGE_WORD } from './marking.server';
import { PASS_PARAM } from './earlier-reviews';

export interface EarlierReviewsView {
  /** Every pass the caller may see (stage order, newest first): its key for ?pass=, title and how it ended. */
  passes: { key: string; title: string; ended: string }[];
  open: null | {
    key: string;
    title: string;
    ended: string;
    /** Only the caller's own review is shown (a reviewer). */
    ownOnly: boolean;
    summary: string;
    reviewers: { id: string; name: string; status: string; decision: string; comments: string | null; unlocks: string[] }[];
    /** Columns: the reviewers shown, then the consensus when shown. */
    columns: { id: string; name: string }[];
    showConsensus: boolean;
    rows: { questionId: string; systemNo: string; text: string; marks: { value: string; comment: string | null }[]; consensus: { value: string; comment: string | null } | null }[];
  };
}

const titleOf = (p: EarlierPass) => `${STAGE_WORD[p.stage]} review, pass ${p.pass}`;
const endedOf = (p: EarlierPass) =>
  `ended ${formatListDate(p.endedAt)}${p.endedBy ? ` by ${p.endedBy.name}` : ''}, back from ${statusLabel(p.backFrom)}`;

function openView(p: EarlierPass): NonNullable<EarlierReviewsView['open']> {
  const columns = p.reviewers.map((r) => ({ id: r.reviewerId, name: r.name }));
  const showConsensus = p.sight === 'all';
  return {
    key: p.key,
    title: titleOf(p),
    ended: endedOf(p),
    ownOnly: p.sight === 'own',
    summary: summaryText(p.summary),
    reviewers: p.reviewers.map((r) => ({
      id: r.reviewerId,
      name: r.name,
      status: r.assignment ? ASSIGNMENT_WORD[r.assignment] : 'Not assigned',
      decision: r.decision ? `${DECISION_LABELS[r.decision.decision]} on ${formatListDate(r.decision.submittedAt)}` : 'No decision submitted',
      comments: r.decision?.comments ?? null,
      unlocks: r.unlocks.map((u) => `Unlocked on ${formatListDate(u.unlockedAt)}${u.unlockedBy ? ` by ${u.unlockedBy}` : ''}: ${u.comment}`),
    })),
    columns,
    showConsensus,
    rows: p.questions.map((q) => ({
      questionId: q.questionId,
      systemNo: q.systemNo,
      text: q.text,
      marks: columns.map((c) => {
        const m = q.marks.find((x) => x.reviewerId === c.id);
        return { value: markText(q.mode, q.max, m?.passFail ?? null, m?.score ?? null), comment: m?.comment ?? null };
      }),
      consensus: showConsensus && q.consensus
        ? { value: markText(q.mode, q.max, q.consensus.overridePassFail, q.consensus.overrideScore), comment: q.consensus.adminComments }
        : null,
    })),
  };
}

/** The earlier reviews part of the page; null when the caller may see no earlier pass (or may not read the reviews at all). */
export async function earlierReviewsView(api: ApiSession, caller: ApiCaller, applicationId: string, url: URL): Promise<EarlierReviewsView | null> {
  // 'read review' (a vendor admin outside its stage, decision 030): no earlier reviews rather than an error.
  const found = await readUnlessForbidden(caller, earlierPasses(api, applicationId));
  if (!found || found.passes.length === 0) return null;
  const asked = found.passes.find((p) => p.key === url.searchParams.get(PASS_PARAM));
  return {
    passes: found.passes.map((p) => ({ key: p.key, title: titleOf(p), ended: endedOf(p) })),
    open: asked ? openView(asked) : null,
  };
}
