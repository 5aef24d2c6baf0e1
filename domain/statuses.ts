// Application statuses (spec section 4) and their badge colours.
export const APPLICATION_STATUSES = [
  'DRAFT', 'SUBMITTED', 'RESUBMITTED',
  'GATING_REVIEW', 'GATING_AWAITING_STATE_CONSENSUS', 'GATING_IN_STATE_CONSENSUS', 'PASSED_GATING',
  'TECHNICAL_REVIEW', 'TECHNICAL_AWAITING_STATE_CONSENSUS', 'TECHNICAL_IN_STATE_CONSENSUS', 'PASSED_TECHNICAL',
  'STATE_REVIEW', 'STATE_AWAITING_STATE_CONSENSUS', 'STATE_IN_STATE_CONSENSUS', 'PASSED_STATE',
  'REVISION_NEEDED', 'NOT_REMEDIATED', 'REJECTED', 'IN_NEGOTIATION', 'AWARDED', 'WITHDRAWN', 'CANCELLED',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** ALL is a filter only, never a stored status. */
export const STATUS_FILTERS = ['ALL', ...APPLICATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** 'GATING_IN_STATE_CONSENSUS' → 'Gating In State Consensus'. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export type BadgeColour = 'warning' | 'success' | 'info' | 'error';

/** Badge colours by label (spec 4): statuses plus the labels new, review completed, approved, in review, pending. */
export function badgeColour(statusOrLabel: string): BadgeColour {
  const key = statusOrLabel.toLowerCase().replace(/_/g, ' ').trim();
  if (['draft', 'new', 'revision needed', 'pending'].includes(key)) return 'warning';
  if (key === 'in review') return 'info';
  if (['rejected', 'cancelled', 'not remediated'].includes(key)) return 'error';
  return 'success';
}

/** Statuses from which an application counts as submitted (for the org dashboard). */
export function isSubmittedOrLater(status: ApplicationStatus): boolean {
  return status !== 'DRAFT' && status !== 'CANCELLED';
}
