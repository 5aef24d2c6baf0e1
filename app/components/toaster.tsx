// Toasts: the server's flash message rendered in a live region, top centre; with JS it leaves after 3 s.
// Plain elements with a build-time class (app/styles/static-classes.ts: one look per tone).
import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../domain/constants';

export interface ToastData {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

export function Toaster({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = window.setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <div className="ui-toast" data-testid="toast" data-type={visible.type}>
          <div>
            <p>{visible.title}</p>
            {visible.description ? <p>{visible.description}</p> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
