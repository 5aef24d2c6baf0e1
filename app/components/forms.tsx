// One Field component: a label, the input, a hint and errors tied to it with aria-describedby.
// Plain elements with the build-time classes of app/styles/static-classes.ts (the same look as Chakra's Input):
// no Chakra in the browser for the pages made only of fields, no inline styles per field.
import type { InputHTMLAttributes, ReactNode } from 'react';

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="ui-errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The checked-by-default choice of a reviewer's Pass/Fail mark that nobody marked yet (saved as no mark). */
export const NOT_MARKED = 'Not marked';
/** The checked-by-default choice of a radio group a person must answer (a declaration, a reason, a decision). */
export const NOT_CHOSEN = 'Not chosen';

/**
 * The explicit "nothing chosen" of a radio group (issue 41), as the applicant form's "Not answered": a text browser
 * (lynx) submits the first radio of a group that has none checked, which recorded marks, declarations, reasons and
 * decisions nobody made. Every group a person answers has this one, checked unless another is; its empty value is
 * no choice, which the server never records as one (a mark stays empty; a required choice is refused).
 */
export function NoChoice({ name, label, checked, invalid }: { name: string; label: string; checked: boolean; invalid?: boolean }) {
  return (
    <label>
      <input type="radio" name={name} value="" defaultChecked={checked} aria-invalid={invalid ? true : undefined} />
      <span>{label}</span>
    </label>
  );
}

export interface FieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors?: string[] | null;
  hint?: ReactNode;
}

export function Field({ label, inputProps, errors, hint }: FieldProps) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <label htmlFor={inputProps.id} className="ui-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      ) : null}
      <input {...inputProps} className="ui-input" aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The server's answer to a post (a Conform submission result), for forms that check on the server only (sign-in,
 * sign-up: no Conform or Zod in the browser): what was typed, and the messages per field ('' for the form's own).
 */
export interface FormReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}
export const replyErrors = (reply: FormReply | undefined, name: string) => reply?.error?.[name] ?? undefined;
export const replyValue = (reply: FormReply | undefined, name: string) => {
  const v = reply?.initialValue?.[name];
  return typeof v === 'string' ? v : undefined;
};

/** Form-level message (e.g. the server's answer) announced to screen readers. */
export function FormAlert({ id, message, tone = 'error' }: { id?: string; message?: string | null; tone?: 'error' | 'info' }) {
  if (!message) return null;
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className="ui-alert" data-tone={tone}>
      {message}
    </div>
  );
}

// Kept in its own module so a page with a select and no form (the history pager) does not load this one.
export { nativeSelectStyle } from './native-select';
