import { Link } from '@remix-run/react';
import { Box, Text } from '@chakra-ui/react';
import type { Chip } from '../../utils/url-state';

// The chips are plain list items and links styled once here (decision 015), not one styled element each.
const chipsCss = {
  listStyleType: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2,
  '& a': { display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 1, borderRadius: 'full', bg: 'brand.muted', color: 'brand.fg', fontSize: 'sm' },
} as const;

/** The applied filters, each a link that removes it (works without JavaScript). */
export function FilterChips({ chips }: { chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="applied-filters" mb={4}>
      <Text id="applied-filters" fontWeight="semibold" fontSize="sm" mb={2}>
        Applied filters
      </Text>
      <Box as="ul" css={chipsCss}>
        {chips.map((c) => (
          <li key={c.label}>
            <Link to={c.remove} aria-label={`Remove filter ${c.label}`} data-testid="filter-chip">
              <span>{c.label}</span>
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
