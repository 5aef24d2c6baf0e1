import { badgeColour, statusLabel } from '../../domain/statuses';

const PALETTE = { warning: 'orange', success: 'green', info: 'blue', error: 'red' } as const;

/** The badge palettes of the spec's status colours (section 4). */
export const STATUS_PALETTES = Object.values(PALETTE);

export const statusPalette = (status: string) => PALETTE[badgeColour(status)];

/**
 * Status badge in the spec's colours (section 4), with text dark enough for AA contrast: a plain element with a
 * build-time class (list-kit/classes.ts, `ui-status-tag`), so no Emotion rule is written per badge (decisions 013,
 * 015). StatusBadge (a page's heading) and StatusTag (table rows) are the same badge.
 */
export function StatusTag({ status }: { status: string }) {
  return (
    <span className="ui-status-tag" data-palette={statusPalette(status)}>
      {statusLabel(status)}
    </span>
  );
}

export const StatusBadge = StatusTag;
