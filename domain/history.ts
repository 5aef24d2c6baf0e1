// History entries in words a person reads (not raw JSON).
import { statusLabel } from './statuses';

export interface HistoryEntry {
  action: string;
  applicationId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  comments: string | null;
  details: unknown;
}

const ACTIONS: Record<string, (e: HistoryEntry) => string> = {
  APPLICATION_CREATED: (e) => `Created application ${e.applicationId ?? ''} as a draft`.trim(),
  APPLICATION_SUBMITTED: (e) => `Submitted application ${e.applicationId ?? ''}`.trim(),
  APPLICATION_CANCELLED: (e) => `Cancelled application ${e.applicationId ?? ''}`.trim(),
  APPLICATION_DELETED: (e) => `Deleted the draft application ${e.applicationId ?? ''}`.trim(),
  STATUS_CHANGED: (e) =>
    `Changed the status${e.applicationId ? ` of ${e.applicationId}` : ''} from ${statusLabel(e.fromStatus ?? 'unknown')} to ${statusLabel(e.toStatus ?? 'unknown')}`,
  ORGANIZATION_SIGNED_UP: () => 'Registered the organization',
  PROJECT_AREAS_IMPORTED: () => 'Imported the project areas',
};

export function describeAction(entry: HistoryEntry): string {
  const describe = ACTIONS[entry.action];
  if (describe) return describe(entry);
  const words = entry.action.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
