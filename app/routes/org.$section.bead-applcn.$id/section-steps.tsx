// The application's sections as steps (each with its status in words), and the list of sections a failed
// Submit named, each linking to its step. Plain elements with build-time classes (ui-steps, ui-error-box).
import { Link } from '@remix-run/react';
import { APPLICATION_MSG } from '../../../domain/messages';
import type { SectionStatusRow } from '../../api/types';
import { LockState } from './revision-notice';
import { checkedStep } from './check';

const STATUS_WORDS = { NOT_STARTED: 'Not started', IN_PROGRESS: 'In progress', COMPLETED: 'Completed' } as const;

type Step = Pick<SectionStatusRow, 'sectionId' | 'name' | 'slug' | 'status' | 'isEntityProfile' | 'unlocked'>;

/**
 * `marks`: by section id, what needs attention there (said in words under the step, not by colour alone). `locks`:
 * show each form section's lock state (spec 4), for an application past its draft.
 */
export function SectionSteps({ steps, current, marks, base, locks = false }: { steps: Step[]; current: string; marks: Record<string, string>; base: string; locks?: boolean }) {
  return (
    <nav aria-label="Application sections" className="ui-steps">
      <ol>
        {steps.map((s, i) => (
          <li key={s.sectionId}>
            <Link
              to={`${base}?step=${s.slug}`}
              aria-current={s.sectionId === current ? 'step' : undefined}
              data-problem={marks[s.sectionId] ? '' : undefined}
              data-testid="section-step"
            >
              <span>
                {i + 1}. {s.name}
              </span>{' '}
              {/* Spaces between the step's parts (block lines on the screen): without styles they would run together (issue 41 item 13). */}
              <span>
                {STATUS_WORDS[s.status]}
                {s.isEntityProfile ? ' · from the Entity Profile' : ''}
                {locks && !s.isEntityProfile ? (
                  <>
                    {' · '}
                    <LockState unlocked={s.unlocked} />
                  </>
                ) : null}
              </span>{' '}
              {marks[s.sectionId] ? <span data-testid="step-problem">{marks[s.sectionId]}</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function SubmitErrors({ steps, sectionErrors, message, base }: { steps: Step[]; sectionErrors: Record<string, string>; message: string | null; base: string }) {
  if (!Object.keys(sectionErrors).length) return null;
  return (
    <div role="alert" id="submit-errors" tabIndex={-1} data-error-summary="" className="ui-error-box" data-testid="submit-errors">
      <p>{message ?? APPLICATION_MSG.incomplete}</p>
      <ul>
        {steps
          .filter((s) => sectionErrors[s.sectionId])
          .map((s) => (
            <li key={s.sectionId}>
              <Link to={checkedStep(base, s.slug)}>
                {s.name}: {sectionErrors[s.sectionId]}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
