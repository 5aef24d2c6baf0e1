// The UI's settings in the load context (made from the environment by server/ui-context.ts), as a type both builds read.

export interface PortalConfig {
  apiBaseUrl: string;
  /** Links the provider hands out (signed downloads) resolve against this: '' for the embedded one (same origin). */
  apiPublicOrigin: string;
  sessionSecret: string;
  /** The upload limit the form checks before sending (MAX_UPLOAD_MB; the provider enforces its own). */
  maxUploadBytes: number;
  helpUrl: string;
  /** Where the login page says development codes can be read; null when mail is really sent. */
  devOutboxUrl: string | null;
}
