// Earlier reviews on the review screen (decision 051), read-only: the passes through the stages that ended when the
// application was revised, each a plain link opening it (?pass=GATING-1, URL state: works without JavaScript); the
// open pass shows how it ended, its review summary, each reviewer's decision, and its marks as a table of questions ×
// reviewers (with the consensus when the caller sees it) in its own labelled scrolling region. What the caller sees is
// the API's rule (domain/review-sight.ts): a reviewer only their own review.
import { Link, useLocation } from '@remix-run/react';
import { withParams } from '../../utils/url-state';
import { EARLIER_REVIEWS } from '../../../domain/review-text';
import type { EarlierReviewsView } from './earlier-reviews.server';

/** The query parameter naming the open earlier pass, e.g. ?pass=GATING-1. */
export const PASS_PARAM = 'pass';

export function EarlierReviews({ view }: { view: EarlierReviewsView }) {
  const location = useLocation();
  const open = view.open;
  return (
    <section className="ui-panel ui-earlier" aria-labelledby="earlier-reviews-title" data-testid="earlier-reviews" id="earlier-reviews">
      <h2 id="earlier-reviews-title" className="ui-panel-title">
        {EARLIER_REVIEWS.title}
      </h2>
      <p className="ui-panel-intro">
        {EARLIER_REVIEWS.intro}
      </p>
      <ul>
        {view.passes.map((p) => (
          <li key={p.key} data-testid="earlier-pass-link">
            <Link
              to={`${withParams(location.search, { [PASS_PARAM]: p.key, action: null })}#earlier-pass`}
              preventScrollReset
              className="ui-link"
              aria-current={open?.key === p.key ? 'true' : undefined}
            >
              {p.title}
            </Link>{' '}
            ({p.ended})
          </li>
        ))}
      </ul>
      {open ? <EarlierPass open={open} closeTo={`${withParams(location.search, { [PASS_PARAM]: null })}#earlier-reviews`} /> : null}
    </section>
  );
}

function EarlierPass({ open, closeTo }: { open: NonNullable<EarlierReviewsView['open']>; closeTo: string }) {
  return (
    <section aria-labelledby="earlier-pass-title" id="earlier-pass" data-testid="earlier-pass">
      <div className="ui-panel-head">
        <h3 id="earlier-pass-title">{open.title}</h3>
        <Link to={closeTo} preventScrollReset className="ui-btn-outline-sm">
          Close<span className="visually-hidden"> {open.title}</span>
        </Link>
      </div>
      <p>
        This pass {open.ended}.{open.ownOnly ? ` ${EARLIER_REVIEWS.ownOnly}` : ''}
      </p>
      <dl className="ui-facts">
        <div className="ui-facts-wide">
          <dt>{EARLIER_REVIEWS.summary}</dt>
          <dd data-testid="earlier-pass-summary">{open.summary}</dd>
        </div>
      </dl>
      <h4>{EARLIER_REVIEWS.decisions}</h4>
      <ul className="ui-earlier-decisions" data-testid="earlier-pass-decisions">
        {open.reviewers.map((r) => (
          <li key={r.id}>
            <strong>{r.name}</strong> ({r.status}): {r.decision}
            {r.comments ? <span className="ui-earlier-comment">{r.comments}</span> : null}
            {r.unlocks.map((u) => (
              <span key={u} className="ui-earlier-comment">
                {u}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {open.rows.length > 0 ? <PassMarks open={open} /> : null}
    </section>
  );
}

/** The pass's marks as a table of questions × reviewers (none for a stage marking no questions: the State stage). */
function PassMarks({ open }: { open: NonNullable<EarlierReviewsView['open']> }) {
  return (
    <>
      <h4>{EARLIER_REVIEWS.marks}</h4>
      <section className="q-table-region" aria-label={`Marks of ${open.title}`} tabIndex={0}>
        <table className="q-table" data-testid="earlier-pass-marks">
          <caption>Marks and comments of {open.title}{open.showConsensus ? ', with the consensus' : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              {open.columns.map((c) => (
                <th key={c.id} scope="col">
                  {c.name}
                </th>
              ))}
              {open.showConsensus ? <th scope="col">Consensus</th> : null}
            </tr>
          </thead>
          <tbody>
            {open.rows.map((row) => (
              <tr key={row.questionId} data-testid={`earlier-mark-${row.systemNo}`}>
                <th scope="row">
                  {row.systemNo}. {row.text}
                </th>
                {row.marks.map((m, i) => (
                  <td key={open.columns[i]!.id}>
                    {m.value}
                    {m.comment ? <span className="ui-earlier-comment">{m.comment}</span> : null}
                  </td>
                ))}
                {open.showConsensus ? (
                  <td>
                    {row.consensus ? row.consensus.value : EARLIER_REVIEWS.consensusNotSet}
                    {row.consensus?.comment ? <span className="ui-earlier-comment">{row.consensus.comment}</span> : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
