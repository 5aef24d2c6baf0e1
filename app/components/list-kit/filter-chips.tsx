import { Link } from '../link';
import { Presence } from '../motion';
import type { Chip } from '../../utils/url-state';

/**
 * The applied filters, each a link that removes it (works without JavaScript); plain elements, kit classes.
 * With motion loaded (after hydration), a chip fades in when its filter is applied and out when removed.
 */
export function FilterChips({ chips }: { chips: Chip[] }) {
  const any = chips.length > 0;
  return (
    <section aria-labelledby={any ? 'applied-filters' : undefined}>
      {any ? (
        <p id="applied-filters" className="ui-chips-title">
          Applied filters
        </p>
      ) : null}
      <ul className="ui-chips">
        <Presence as="li" from="left">
          {chips.map((c) => ({
            key: c.label,
            node: (
              <Link to={c.remove} aria-label={`Remove filter ${c.label}`} data-testid="filter-chip">
                <span>{c.label}</span>
                <span aria-hidden="true">×</span>
              </Link>
            ),
          }))}
        </Presence>
      </ul>
    </section>
  );
}
