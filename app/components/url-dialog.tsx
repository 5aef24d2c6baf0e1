// A dialog or drawer whose open state lives in the URL: rendered on the server, so it works without
// JavaScript; with JavaScript it takes focus, keeps it inside and closes on Escape. Plain elements with the list
// kit's build-time classes (ui-dialog-*, list-kit/classes.ts): no Chakra component, no inline style per response.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useNavigation } from '@remix-run/react';
import { useHydrated } from '../utils/use-hydrated';

export interface UrlDialogProps {
  id: string;
  title: string;
  /** Where closing goes: the same URL without this dialog's parameters. */
  closeTo: string;
  children: ReactNode;
  /** A centred dialog (spec: 600px wide by default) or a drawer from the right (24rem); both fit a phone. */
  placement?: 'center' | 'right';
  role?: 'dialog' | 'alertdialog';
}

export function UrlDialog({ id, title, closeTo, children, placement = 'center', role = 'dialog' }: UrlDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const previous = document.activeElement as HTMLElement | null;
    const focusables = () =>
      Array.from(panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])'));
    (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? panel).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      } else if (event.key === 'Tab') {
        const items = focusables();
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [closeTo, navigate]);

  return (
    <div className="ui-dialog-layer" data-testid={`${id}-layer`}>
      <Link to={closeTo} preventScrollReset aria-hidden="true" tabIndex={-1} className="ui-dialog-backdrop" />
      <div ref={ref} id={id} role={role} aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1} className="ui-dialog" data-placement={placement}>
        <div className="ui-dialog-head">
          <h2 id={`${id}-title`} className="ui-dialog-title">
            {title}
          </h2>
          {/* The name as text (visually hidden), so a text browser shows "Close", not a bare "×". */}
          <Link to={closeTo} preventScrollReset className="ui-dialog-close">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close</span>
          </Link>
        </div>
        <div className="ui-dialog-content">{children}</div>
      </div>
    </div>
  );
}

/**
 * A dialog form's answers: a link back to `closeTo` (`cancel`, "Cancel" unless said) and the submit button saying what
 * it does (`danger`: red, for what removes or shuts something; `autoFocus`: it takes focus when the dialog opens;
 * `disabled`: while the form cannot be sent, which only a hydrated page knows). One home for the pair every dialog
 * with a form ends with.
 */
export function DialogActions({ closeTo, cancel = 'Cancel', submit, danger = false, autoFocus = false, disabled }: {
  closeTo: string;
  cancel?: string;
  submit: ReactNode;
  danger?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="ui-dialog-actions">
      <Link to={closeTo} preventScrollReset className="ui-btn-outline">
        {cancel}
      </Link>
      <button type="submit" className={danger ? 'ui-btn-danger' : 'ui-btn'} data-autofocus={autoFocus || undefined} disabled={disabled}>
        {submit}
      </button>
    </div>
  );
}

/**
 * A confirm dialog's answers, inside its own Form: No (back to `closeTo`) and a submit button saying what Yes does
 * (`danger`: red, for what removes or shuts something), which takes focus and, with JavaScript, waits while the form
 * is being sent.
 */
export function ConfirmActions({ closeTo, yes, danger = true }: { closeTo: string; yes: string; danger?: boolean }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  return <DialogActions closeTo={closeTo} cancel="No" submit={yes} danger={danger} autoFocus disabled={hydrated && navigation.state === 'submitting'} />;
}
