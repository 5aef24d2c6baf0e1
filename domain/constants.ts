// Business constants of spec section 9 and the auth limits of DESIGN section 3.
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

export const INACTIVITY_TIMEOUT_MS = 60 * 60 * 1000;
export const INACTIVITY_WARNING_SECONDS = 120;
export const HIDDEN_TAB_LOGOUT_MS = 60 * 60 * 1000;
/** The server ends a session idle longer than the time-out plus the warning countdown. */
export const SERVER_IDLE_LIMIT_MS = INACTIVITY_TIMEOUT_MS + INACTIVITY_WARNING_SECONDS * 1000;
/** With JavaScript, activity refreshes the server's idle timers at most this often. */
export const KEEPALIVE_INTERVAL_MS = 5 * 60 * 1000;
/** Answers a Save posted after its session ended are kept this long for their user. */
export const HELD_ANSWERS_TTL_MS = 24 * 60 * 60 * 1000;

export const TOAST_DURATION_MS = 3000;

export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_CODE_MAX_WRONG_TRIES = 5;

export const TIME_ZONE = 'America/New_York';
