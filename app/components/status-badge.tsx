import { Badge } from '@chakra-ui/react';
import { badgeColour, statusLabel } from '../../domain/statuses';

const PALETTE = { warning: 'orange', success: 'green', info: 'blue', error: 'red' } as const;

export const statusPalette = (status: string) => PALETTE[badgeColour(status)];

/** Status badge in the spec's colours (section 4), with text dark enough for AA contrast. */
export function StatusBadge({ status }: { status: string }) {
  const palette = statusPalette(status);
  return (
    <Badge bg={`${palette}.100`} color={`${palette}.900`} borderRadius="full" px={2.5} py={0.5} fontWeight="medium" whiteSpace="nowrap">
      {statusLabel(status)}
    </Badge>
  );
}

/**
 * The same badge as a plain element, for repeated places (table rows): styled by `statusTagCss` on a
 * Chakra parent instead of one Emotion rule set per badge (decision 015).
 */
export function StatusTag({ status }: { status: string }) {
  return (
    <span className="status-tag" data-palette={statusPalette(status)}>
      {statusLabel(status)}
    </span>
  );
}

const tag = (palette: string) => ({ bg: `${palette}.100`, color: `${palette}.900` });

/** Badge look (Chakra's badge recipe, size sm, plus the overrides above) for `.status-tag` inside the parent. */
export const statusTagCss = {
  '& .status-tag': {
    display: 'inline-flex', alignItems: 'center', gap: 1, minH: 5, textStyle: 'xs', fontVariantNumeric: 'tabular-nums',
    borderRadius: 'full', px: 2.5, py: 0.5, fontWeight: 'medium', whiteSpace: 'nowrap', userSelect: 'none',
  },
  ...Object.fromEntries(Object.values(PALETTE).map((palette) => [`& .status-tag[data-palette=${palette}]`, tag(palette)])),
} as const;
