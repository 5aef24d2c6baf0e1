// Returned for revision (issue 10 item 4): what the state asked, at the top of the application, with a link to
// each section it reopened; and the lock display of spec 4 for a section (Unlocked: 'This section is unlocked for
// changes'; Locked otherwise). Plain elements with build-time classes (ui-revision, ui-lock).
import { Link } from '@remix-run/react';
import { formatListDateTime } from '../../../domain/dates';
import { Icon } from '../../components/icons';
import type { SectionStatusRow, SectionView } from '../../api/types';
import { UNLOCK_MSG } from '../../../domain/unlock-requests';

/** Spec 4's tooltip of an unlocked section (domain/unlock-requests.ts, with the other words of locks and unlocks). */
export const UNLOCKED_TIP = UNLOCK_MSG.unlockedTip;

type RevisionRequest = NonNullable<SectionView['application']['revisionRequest']>;

export function RevisionNotice({
  request,
  steps,
  base,
}: {
  request: RevisionRequest;
  steps: Pick<SectionStatusRow, 'sectionId' | 'name' | 'slug' | 'unlocked'>[];
  base: string;
}) {
  // The sections open now, in the form's order (the state's request names them; the lock state says they are open).
  const reopened = steps.filter((s) => s.unlocked || request.sectionIds.includes(s.sectionId));
  return (
    <section className="ui-revision" aria-labelledby="revision-title" data-testid="revision-request">
      <h2 id="revision-title">Revision needed</h2>
      <p>
        The State returned this application for changes on {formatListDateTime(request.requestedAt)}. Change the reopened
        {reopened.length === 1 ? ' section' : ' sections'}, save, then resubmit the application.
      </p>
      <h3>Comments from the State</h3>
      <p className="ui-revision-comments" data-testid="revision-comments">
        {request.comments ?? 'No comments.'}
      </p>
      <h3>{reopened.length === 1 ? 'Section reopened' : 'Sections reopened'}</h3>
      <ul>
        {reopened.map((s) => (
          <li key={s.sectionId}>
            <Link to={`${base}?step=${s.slug}`}>{s.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec 4's lock display for a section of a submitted application: Unlocked (green) or Locked. */
export function LockState({ unlocked }: { unlocked: boolean }) {
  return unlocked ? (
    <span className="ui-lock" data-lock="unlocked" title={UNLOCKED_TIP} data-testid="lock-state">
      <Icon name="unlock" size={16} /> Unlocked<span className="visually-hidden">: {UNLOCKED_TIP}</span>
    </span>
  ) : (
    <span className="ui-lock" data-lock="locked" data-testid="lock-state">
      <Icon name="lock" size={16} /> Locked
    </span>
  );
}
