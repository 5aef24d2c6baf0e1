// Inactivity (spec 4 Session): after 1 hour idle a warning with a 120-second countdown; a tab hidden
// for 1 hour logs out on return. Activity (typing, clicks, scrolling) keeps the server's session alive
// with a keep-alive at most every 5 minutes. Without JavaScript the server ends the idle session by itself.
import { useCallback, useEffect, useRef, useState } from 'react';
import { HIDDEN_TAB_LOGOUT_MS, INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_SECONDS, KEEPALIVE_INTERVAL_MS } from '../../domain/constants';
import '../chunks/signed-in'; // loaded on pages that already have this shared file: keeps it one file (decision 102)

interface IdleSettings {
  timeoutMs: number;
  countdownSeconds: number;
  hiddenMs: number;
  keepaliveMs: number;
}

declare global {
  interface Window {
    /** Tests shorten the timings; production never sets this. */
    __portalIdle?: Partial<IdleSettings>;
  }
}

function settings(): IdleSettings {
  const override = typeof window !== 'undefined' ? window.__portalIdle : undefined;
  return {
    timeoutMs: override?.timeoutMs ?? INACTIVITY_TIMEOUT_MS,
    countdownSeconds: override?.countdownSeconds ?? INACTIVITY_WARNING_SECONDS,
    hiddenMs: override?.hiddenMs ?? HIDDEN_TAB_LOGOUT_MS,
    keepaliveMs: override?.keepaliveMs ?? KEEPALIVE_INTERVAL_MS,
  };
}

/** Refreshes the server's idle timers. A plain fetch: no page data is reloaded, nothing typed is reset. */
function sendKeepalive() {
  fetch('/resources/keepalive', { method: 'POST', credentials: 'same-origin' }).catch(() => {
    // Offline for a moment: the next activity tries again, and a Save that finds the session ended holds its answers.
  });
}

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;

export function IdleWatcher() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const logoutRef = useRef<HTMLFormElement>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(Date.now());
  const hiddenSince = useRef<number | null>(null);
  const secondsLeftRef = useRef<number | null>(null);
  secondsLeftRef.current = secondsLeft;
  // The page load itself refreshed the session.
  const lastKeepalive = useRef(Date.now());
  // A form (marked data-hold-answers) typed into since it was last submitted: its answers go with an idle logout.
  const changedForm = useRef<HTMLFormElement | null>(null);

  const logout = useCallback(() => {
    const target = logoutRef.current;
    if (!target) return;
    for (const old of target.querySelectorAll('[data-held]')) old.remove();
    const typed = changedForm.current;
    if (typed?.isConnected) {
      const fields = [...new FormData(typed)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      fields.push(['heldFrom', window.location.pathname + window.location.search]);
      for (const [name, value] of fields) {
        const input = document.createElement('input');
        Object.assign(input, { type: 'hidden', name, value });
        input.dataset.held = '';
        target.append(input);
      }
    }
    target.requestSubmit();
  }, []);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    lastKeepalive.current = Date.now();
    setSecondsLeft(null);
    sendKeepalive();
  }, []);

  useEffect(() => {
    const onActivity = () => {
      if (secondsLeftRef.current !== null) return;
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastKeepalive.current >= settings().keepaliveMs) {
        lastKeepalive.current = now;
        sendKeepalive();
      }
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    const onInput = (event: Event) => {
      const field = event.target as HTMLInputElement;
      if (field.type !== 'file' && field.form?.hasAttribute('data-hold-answers')) changedForm.current = field.form;
    };
    const onSubmit = (event: Event) => {
      if (event.target === changedForm.current) changedForm.current = null;
    };
    document.addEventListener('input', onInput, true);
    document.addEventListener('change', onInput, true);
    document.addEventListener('submit', onSubmit, true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenSince.current = Date.now();
      } else if (hiddenSince.current !== null) {
        const away = Date.now() - hiddenSince.current;
        hiddenSince.current = null;
        if (away >= settings().hiddenMs) logout();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    // Marks the page as watched, so a test knows the listeners are in place before it acts.
    document.documentElement.dataset.idleWatch = 'on';
    const timer = window.setInterval(() => {
      const { timeoutMs, countdownSeconds } = settings();
      const idle = Date.now() - lastActivity.current;
      if (idle < timeoutMs) {
        if (secondsLeftRef.current !== null) setSecondsLeft(null);
        return;
      }
      const left = Math.max(0, countdownSeconds - Math.floor((idle - timeoutMs) / 1000));
      setSecondsLeft(left);
      if (left === 0) logout();
    }, 1000);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
      delete document.documentElement.dataset.idleWatch;
    };
  }, [logout]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (secondsLeft !== null && !dialog.open) dialog.showModal();
    if (secondsLeft === null && dialog.open) dialog.close();
  }, [secondsLeft]);

  const minutes = Math.floor((secondsLeft ?? 0) / 60);
  const seconds = String((secondsLeft ?? 0) % 60).padStart(2, '0');

  return (
    <>
      {/* Submitted by the timer; hidden, like its button, which is there so the form has a submit button (H32). */}
      <form ref={logoutRef} method="post" action="/logout" hidden>
        <input type="hidden" name="reason" value="idle" />
        <button type="submit" tabIndex={-1}>
          Log out
        </button>
      </form>
      <dialog
        ref={dialogRef}
        aria-labelledby="idle-title"
        aria-describedby="idle-description"
        onCancel={(e) => {
          e.preventDefault();
          stay();
        }}
        style={{ width: 'min(600px, calc(100vw - 2rem))', border: 'none', borderRadius: '0.5rem', padding: 0 }}
      >
        <div className="ui-dialog-body">
          <h2 id="idle-title" className="ui-h2">
            Are you still there?
          </h2>
          <p id="idle-description">
            You have been inactive for a while. For your security you will be logged out in{' '}
            <strong aria-live="polite" data-testid="idle-countdown">
              {minutes}:{seconds}
            </strong>
            .
          </p>
          <div className="ui-actions">
            <button type="button" className="ui-btn-outline" onClick={logout}>
              Logout
            </button>
            <button type="button" className="ui-btn" onClick={stay} autoFocus>
              Stay connected
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
