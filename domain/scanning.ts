// Virus scanning of every file that enters the portal (issue 44 part 1; docs/decisions/097): what a scan can answer,
// the words people see, and the held file's retry rule. Pure: the clamd client is api/scanner.ts, the held files'
// retry api/services/held-files.ts.

/** What one scan of a file answers. */
export type ScanVerdict =
  /** clamd read the whole file and found nothing. */
  | { verdict: 'clean' }
  /** clamd found a signature: the file is refused, nothing kept. */
  | { verdict: 'virus'; signature: string }
  /** clamd could not scan it (down, timed out, over its limits): the file is held, "Not scanned yet". */
  | { verdict: 'unscanned'; reason: string };

export const SCAN_MSG = {
  /** The upload's 422 answer, shown beside the file input (issue 44). */
  virus: 'This file contains a virus and was not saved.',
  /** A held file: stored, waiting for clamd, readable by nobody else yet. */
  notScanned: 'Not scanned yet',
  /** The uploader's e-mail when a held file turned out to hold a virus. */
  removedSubject: 'A file you uploaded contained a virus and was removed',
} as const;

/** What an answer says of a file held for a virus scan: "Not scanned yet" (the library, a conversation, a File answer). */
export const scanStatusOf = (held: boolean) => (held ? { scanStatus: 'NOT_SCANNED' as const, scanMessage: SCAN_MSG.notScanned } : {});

/** The first retry of a held file comes this long after the upload (SCAN_RETRY_SECONDS); each later one waits twice as long. */
export const SCAN_RETRY_BASE_SECONDS = 30;
/** No wait between two retries of one file is longer than this. */
export const SCAN_RETRY_MAX_SECONDS = 60 * 60;

/** Seconds to wait before the retry that follows `attempts` failed scans (1, 2, 3, …): base · 2^(attempts-1), capped. */
export function retryDelaySeconds(attempts: number, baseSeconds = SCAN_RETRY_BASE_SECONDS): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(SCAN_RETRY_MAX_SECONDS, baseSeconds * 2 ** Math.min(n - 1, 30));
}

/** The history's words for a refused upload: the file's name, size, SHA-256 and clamd's signature name. */
export interface VirusRefusalDetails {
  fileName: string;
  fileSize: number;
  sha256: string;
  signature: string;
  /** Where the file was sent: 'document', 'pending-upload', 'document-version', 'message-attachment' or 'held-file'. */
  route: string;
}

export function describeVirusRefusal(d: Partial<VirusRefusalDetails>): string {
  return `Refused the file ${d.fileName ?? ''}: it contains a virus (${d.signature ?? 'unknown signature'})`.replace(/\s+/g, ' ').trim();
}
