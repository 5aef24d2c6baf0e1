import { Link } from '@remix-run/react';

/**
 * A dashboard count that is also the link to the list it counts: an item of the dashboard's list of counts
 * (`<ul className="ui-count-grid">`), so text browsers show one count a line. A plain link with build-time classes
 * (app/styles/static-classes.ts `ui-count-card`): no Chakra, no inline styles (decision 020).
 */
export function CountCard({ label, count, to, testId }: { label: string; count: number; to: string; testId?: string }) {
  return (
    <li>
      <Link to={to} data-testid={testId} aria-label={`${label}: ${count}`} className="ui-count-card">
        <span>{label}</span>{' '}
        <span data-count>{count}</span>
      </Link>
    </li>
  );
}
