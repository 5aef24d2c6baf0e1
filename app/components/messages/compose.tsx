// The compose box of the Messages screen (spec 5 Messages; decision 037): the application (a new message), the text and
// up to 5 files, with spec 5's messages under their fields (aria-describedby). Without JavaScript it is part of a plain
// multipart form checked by the server; with it, the same check (domain/conversations.ts) runs before posting, Enter
// sends and Shift+Enter breaks the line.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorList } from '../forms';
import { useHydrated } from '../../utils/use-hydrated';
import type { SendFailure } from './messages.server';
import { MAX_ATTACHMENTS, MESSAGE_CONTENT_MAX, MESSAGE_FILE_EXTENSIONS, messageDraftErrors } from '../../../domain/conversations';

type Errors = SendFailure['errors'];

export function ComposeFields({
  intent, failed, applications, sending, submitLabel,
}: { intent: 'new' | 'reply'; failed?: SendFailure; applications?: string[]; sending: boolean; submitLabel: string }) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>(failed?.errors ?? {});
  useEffect(() => setErrors(failed?.errors ?? {}), [failed]);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const appRef = useRef<HTMLSelectElement>(null);
  const id = (name: string) => `${intent}-${name}`;
  const describedBy = (name: keyof Errors, hint?: string) => [hint, errors[name] ? id(`${name}-error`) : null].filter(Boolean).join(' ') || undefined;

  // A failed post puts focus on the first field it names.
  useEffect(() => {
    if (!failed) return;
    const first = failed.errors.applicationId ? appRef.current : failed.errors.content ? textRef.current : failed.errors.attachments ? filesRef.current : null;
    first?.focus();
  }, [failed]);

  /** The browser's copy of the server's check; stops the post and shows the messages when it fails. */
  const check = (): boolean => {
    const files = Array.from(filesRef.current?.files ?? []);
    const found = messageDraftErrors({ kind: intent, content: textRef.current?.value ?? '', applicationId: appRef.current?.value, fileNames: files.map((f) => f.name) });
    setErrors(found);
    const first = found.applicationId ? appRef.current : found.content ? textRef.current : found.attachments ? filesRef.current : null;
    first?.focus();
    return !first;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (check()) event.currentTarget.form?.requestSubmit();
  };

  return (
    <>
      {intent === 'new' ? (
        <div className="ui-field">
          <label htmlFor={id('applicationId')} className="ui-label">
            Application
          </label>
          <select
            id={id('applicationId')}
            name="applicationId"
            ref={appRef}
            defaultValue={failed?.values.applicationId ?? ''}
            className="ui-select"
            aria-invalid={errors.applicationId ? true : undefined}
            aria-describedby={describedBy('applicationId')}
          >
            <option value="">Select an application</option>
            {(applications ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          <ErrorList id={id('applicationId-error')} errors={errors.applicationId ? [errors.applicationId] : null} />
        </div>
      ) : null}
      <div className="ui-field">
        <label htmlFor={id('content')} className="ui-label">
          {intent === 'new' ? 'Message' : 'Reply'}
        </label>
        {hydrated ? (
          <p id={id('content-hint')} className="ui-hint">
            Enter sends; Shift+Enter starts a new line.
          </p>
        ) : null}
        <textarea
          id={id('content')}
          name="content"
          ref={textRef}
          rows={4}
          maxLength={MESSAGE_CONTENT_MAX}
          defaultValue={failed?.values.content ?? ''}
          onKeyDown={hydrated ? onKeyDown : undefined}
          className="ui-textarea"
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={describedBy('content', hydrated ? id('content-hint') : undefined)}
        />
        <ErrorList id={id('content-error')} errors={errors.content ? [errors.content] : null} />
      </div>
      <div className="ui-field">
        <label htmlFor={id('attachments')} className="ui-label">
          Attachments (up to {MAX_ATTACHMENTS})
        </label>
        <p id={id('attachments-hint')} className="ui-hint">
          {MESSAGE_FILE_EXTENSIONS.join(', ')} files.
        </p>
        <input
          id={id('attachments')}
          name="attachments"
          type="file"
          multiple
          ref={filesRef}
          accept={MESSAGE_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={hydrated ? () => setErrors((e) => ({ ...e, attachments: messageDraftErrors({ kind: 'reply', content: 'x', fileNames: Array.from(filesRef.current?.files ?? []).map((f) => f.name) }).attachments })) : undefined}
          aria-invalid={errors.attachments ? true : undefined}
          aria-describedby={describedBy('attachments', id('attachments-hint'))}
        />
        <ErrorList id={id('attachments-error')} errors={errors.attachments ? [errors.attachments] : null} />
      </div>
      <div className="ui-form-actions">
        <button
          type="submit"
          className="ui-btn"
          disabled={sending}
          onClick={hydrated ? (event) => { if (!check()) event.preventDefault(); } : undefined}
        >
          {sending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </>
  );
}
