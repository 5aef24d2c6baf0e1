import { Badge } from '@chakra-ui/react';
import { badgeColour, statusLabel } from '../../domain/statuses';

const PALETTE = { warning: 'orange', success: 'green', info: 'blue', error: 'red' } as const;

/** The badge palettes of the spec's status colours (section 4). */
export const STATUS_PALETTES = Object.values(PALETTE);

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
 * The same badge as a plain element with a build-time class (list-kit/classes.ts), for repeated places
 * (table rows): no Emotion rule set per badge (decision 015).
 */
export function StatusTag({ status }: { status: string }) {
  return (
    <span className="ui-status-tag" data-palette={statusPalette(status)}>
      {statusLabel(status)}
    </span>
  );
}
