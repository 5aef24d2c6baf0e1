// Presence on an application's form (issue 43 part 3, decision 101), with JavaScript only: while the section page is
// open and visible it beats every PRESENCE_HEARTBEAT_MS (and at once when shown again), and says who else has the
// application open: "Olivia Admin is also editing Budget & Match". The beat follows the person's activity too: one
// after typing or clicking keeps the session alive, as the keep-alive does. Leaving the page says so at once. No beat
// (no JavaScript, or a failed one), no line: it never blocks anyone.
import { useEffect, useRef, useState } from 'react';
import { PRESENCE_HEARTBEAT_MS, presenceLine, type Presence } from '../../domain/presence';
import type { PresenceAnswer } from '../routes/resources.presence';

const PRESENCE_ACTION = '/resources/presence';

export function usePresence({ applicationId, sectionId, editing }: { applicationId: string; sectionId: string; editing: boolean }): Presence[] {
  const [others, setOthers] = useState<Presence[]>([]);
  const active = useRef(false);

  useEffect(() => {
    let stopped = false;
    const body = (fields: Record<string, string>) => new URLSearchParams({ applicationId, ...fields });
    const beat = async () => {
      if (document.visibilityState === 'hidden') return;
      const wasActive = active.current;
      active.current = false;
      try {
        const response = await fetch(PRESENCE_ACTION, {
          method: 'POST',
          body: body({ sectionId, editing: editing ? '1' : '0', active: wasActive ? '1' : '0' }),
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
          redirect: 'manual',
        });
        const result = response.ok ? ((await response.json()) as PresenceAnswer) : null;
        if (!stopped) setOthers(result && 'others' in result ? result.others : []);
      } catch {
        if (!stopped) setOthers([]);
      }
    };
    const activity = () => {
      active.current = true;
    };
    const shown = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    const left = () => {
      navigator.sendBeacon?.(PRESENCE_ACTION, body({ intent: 'leave' }));
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_MS);
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('pagehide', left);
    for (const type of ['keydown', 'pointerdown', 'input'] as const) document.addEventListener(type, activity, { passive: true });
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('pagehide', left);
      for (const type of ['keydown', 'pointerdown', 'input'] as const) document.removeEventListener(type, activity);
      setOthers([]);
    };
  }, [applicationId, sectionId, editing]);

  return others;
}

/** One line per other person, or nothing. */
export function PresenceLine({ others }: { others: Presence[] }) {
  return (
    <div className="ui-presence" role="status" aria-live="polite" data-testid="presence">
      {others.length > 0 ? (
        <ul>
          {others.map((p) => (
            <li key={`${p.name}|${p.sectionName}`}>{presenceLine(p)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
