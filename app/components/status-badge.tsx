import { Badge } from '@chakra-ui/react';
import { badgeColour, statusLabel } from '../../domain/statuses';

const PALETTE = { warning: 'orange', success: 'green', info: 'blue', error: 'red' } as const;

/** Status badge in the spec's colours (section 4), with text dark enough for AA contrast. */
export function StatusBadge({ status }: { status: string }) {
  const palette = PALETTE[badgeColour(status)];
  return (
    <Badge bg={`${palette}.100`} color={`${palette}.900`} borderRadius="full" px={2.5} py={0.5} fontWeight="medium" whiteSpace="nowrap">
      {statusLabel(status)}
    </Badge>
  );
}
