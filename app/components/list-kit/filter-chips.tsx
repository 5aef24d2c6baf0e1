import { Link } from '@remix-run/react';
import type { Chip } from '../../utils/url-state';

/** The applied filters, each a link that removes it (works without JavaScript); plain elements, kit classes. */
export function FilterChips({ chips }: { chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <section aria-labelledby="applied-filters">
      <p id="applied-filters" className="ui-chips-title">
        Applied filters
      </p>
      <ul className="ui-chips">
        {chips.map((c) => (
          <li key={c.label}>
            <Link to={c.remove} aria-label={`Remove filter ${c.label}`} data-testid="filter-chip">
              <span>{c.label}</span>
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
