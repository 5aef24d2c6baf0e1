// Toasts: the server's flash message rendered in a live region, top centre; with JS it leaves after 3 s.
// Plain elements with a build-time class (app/styles/static-classes.ts: one look per tone); once motion has
// loaded after hydration, a toast fades in and out (components/motion.tsx), instantly under reduced motion.
import { useEffect, useState } from 'react';
import { useMatches } from '@remix-run/react';
import { Presence } from './motion';
import { TOAST_DURATION_MS } from '../../domain/constants';

export interface ToastData {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

export function Toaster({ toast }: { toast: ToastData | null }) {
  // Each new toast gets a new key (so it enters as a new element); the one rendered by the server keeps key 0.
  const [shown, setShown] = useState<{ id: number; toast: ToastData | null }>({ id: 0, toast });
  useEffect(() => {
    setShown((s) => (s.toast === toast ? s : { id: s.id + 1, toast }));
    if (!toast) return;
    const timer = window.setTimeout(() => setShown((s) => ({ ...s, toast: null })), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  // A page that shows the message it was loaded with at its top (handle.inlineToast) is not repeated here.
  const inline = useMatches().some((m) => (m.handle as { inlineToast?: boolean } | undefined)?.inlineToast);
  const visible = inline && shown.id === 0 ? null : shown.toast;

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      <Presence className="ui-toast" from="up">
        {visible
          ? [
              {
                key: `toast-${shown.id}`,
                attributes: { 'data-testid': 'toast', 'data-type': visible.type },
                node: (
                  <div>
                    <p>{visible.title}</p>
                    {visible.description ? <p>{visible.description}</p> : null}
                  </div>
                ),
              },
            ]
          : []}
      </Presence>
    </div>
  );
}
