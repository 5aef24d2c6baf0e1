// The review screen's earlier reviews (decision 051): the passes through the stages that ended when the application
// was revised (decision 047), read through GET review/applications/{id}/passes, which already keeps to what the
// caller may see (domain/review-sight.ts). The loader hands the page each pass's heading and, for the pass named by
// ?pass= (URL state: a plain link opens it, no JavaScript needed), its marks as a questions × reviewers table, each
// reviewer's decision, the consensus values and the pass's review summary, written as words (domain/review-text.ts).
import { readUnlessForbidden, type ApiCaller } from '../../utils/api-errors.server';
import type { ApiSession } from '../../api/client.server';
import { earlierPasses, type EarlierPass } from '../../api/review-marking.server';
import { passEnded, passMarkRows, passReviewerText, passTitle, summaryText } from '../../../domain/review-text';
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

function openView(p: EarlierPass): NonNullable<EarlierReviewsView['open']> {
  const columns = p.reviewers.map((r) => ({ id: r.reviewerId, name: r.name }));
  const showConsensus = p.sight === 'all';
  return {
    key: p.key,
    title: passTitle(p),
    ended: passEnded(p),
    ownOnly: p.sight === 'own',
    summary: summaryText(p.summary),
    reviewers: p.reviewers.map((r) => ({ id: r.reviewerId, name: r.name, ...passReviewerText(r) })),
    columns,
    showConsensus,
    rows: passMarkRows(p).map((row) => ({
      questionId: row.questionId,
      systemNo: row.systemNo,
      text: row.text,
      marks: row.marks.map((m) => ({ value: m.value, comment: m.comment })),
      consensus: row.consensus,
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
    passes: found.passes.map((p) => ({ key: p.key, title: passTitle(p), ended: passEnded(p) })),
    open: asked ? openView(asked) : null,
  };
}
