// Autosave of a draft section (issue 43 part 2, decision 100), with JavaScript only: the section form posts itself to
// /resources/autosave a few seconds after typing stops, and at once when a field, the page or the tab is left. A
// quiet status line (a polite live region) says what happened. Save stays, and without JavaScript it is the only way.
// Tabs of the same browser tell each other about a save (BroadcastChannel); a tab that hears of one stops saving by
// itself and offers to reload the section, keeping what was typed in it until the person chooses.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_FIELDS, AUTOSAVE_MSG, KEEPALIVE_BODY_LIMIT, savedAtTime } from '../../domain/autosave';
import type { AutosaveAnswer } from '../routes/resources.autosave';
import { EDIT_FIELDS } from '../utils/edit-conflict';

const AUTOSAVE_ACTION = '/resources/autosave';

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string; refused: number }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

export interface AutosaveOptions {
  form: RefObject<HTMLFormElement | null>;
  /** False for a locked section or a read-only role: nothing is ever posted. */
  enabled: boolean;
  applicationId: string;
  sectionId: string;
  /** Changes when the page's data is new (a Save, a reload): what the form holds then counts as saved. */
  resetKey: unknown;
  /**
   * A save was acknowledged; `errors` are the answers left out, by question id; `edit` the version and answers the
   * form goes on from (decision 099), which its hidden fields must now carry.
   */
  onSaved(errors: Record<string, string>, unchangedSince: boolean, edit: { version: string; base: Record<string, unknown> }): void;
  /** The server refused the save as a whole with a conflict (409): the page's own Save shows why. */
  onConflict(): void;
}

/** The form as sent: no files (they upload by themselves) and no button intent. */
function fieldsOf(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || name === 'intent') continue;
    body.append(name, value);
  }
  return body;
}

const EDIT_FIELD_NAMES = new Set<string>(Object.values(EDIT_FIELDS));

/** The answers alone, to tell whether anything changed since the last save (the version fields change with a save). */
function answersOf(form: HTMLFormElement): URLSearchParams {
  const answers = fieldsOf(form);
  for (const name of EDIT_FIELD_NAMES) answers.delete(name);
  return answers;
}

/** How a flush ended: saved; kept in the form (not saved: offline, a conflict waiting, refused); taken by the Save. */
export type FlushOutcome = 'saved' | 'kept' | 'submitted';

/** One tab's name among the browser's tabs (its own messages come back to no one, but a reloaded tab is new). */
const tabName = () => Math.random().toString(36).slice(2);

export function useAutosave(options: AutosaveOptions) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const sent = useRef<string | null>(null);
  /** The version and answers the last autosave left the section at: the next save starts from them (decision 099). */
  const lastEdit = useRef<{ version: string; base: Record<string, unknown> } | null>(null);
  const inFlight = useRef(false);
  /** Asked to save while a save was in flight: it runs as soon as that one is answered. */
  const again = useRef(false);
  /** The person's own Save, pressed while an autosave was in flight: sent once it is answered, from its version. */
  const heldSubmit = useRef<(() => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const paused = useRef(false);
  /** Waiting for the form's answers as they are now to be saved (flush): told how that ended. */
  const waiters = useRef<((outcome: FlushOutcome) => void)[]>([]);
  const settle = (saved: FlushOutcome) => {
    const waiting = waiters.current;
    waiters.current = [];
    for (const tell of waiting) tell(saved);
  };
  const channel = useRef<BroadcastChannel | null>(null);
  const tab = useRef(tabName());

  // What the form holds when the page's data arrives is what the server has.
  useEffect(() => {
    const form = options.form.current;
    sent.current = form ? answersOf(form).toString() : null;
    lastEdit.current = null;
    setElsewhere(null);
    paused.current = false;
  }, [options.resetKey, options.form]);

  const save = useCallback(async (leaving = false) => {
    clearTimeout(timer.current);
    const { form: ref, enabled, applicationId, sectionId } = latest.current;
    const form = ref.current;
    if (!enabled || !form || paused.current) {
      settle('kept');
      return;
    }
    const snapshot = answersOf(form).toString();
    const answers = fieldsOf(form);
    if (lastEdit.current) {
      answers.set(EDIT_FIELDS.version, lastEdit.current.version);
      answers.set(EDIT_FIELDS.base, JSON.stringify(lastEdit.current.base));
    }
    if (snapshot === sent.current) {
      if (!inFlight.current) settle('saved');
      return;
    }
    if (inFlight.current) {
      again.current = true;
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setStatus({ kind: 'offline' });
      settle('kept');
      return;
    }
    answers.set(AUTOSAVE_FIELDS.application, applicationId);
    answers.set(AUTOSAVE_FIELDS.section, sectionId);
    const body = answers.toString();
    inFlight.current = true;
    setStatus({ kind: 'saving' });
    try {
      const response = await fetch(AUTOSAVE_ACTION, {
        method: 'POST',
        body: answers,
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
        redirect: 'manual',
        // Leaving the page or the tab: the save outlives it.
        keepalive: leaving && body.length < KEEPALIVE_BODY_LIMIT,
      });
      const result = response.headers.get('content-type')?.includes('application/json') ? ((await response.json()) as AutosaveAnswer) : null;
      if (response.ok && result && 'savedAt' in result) {
        sent.current = snapshot;
        lastEdit.current = { version: result.version, base: result.base };
        // The form's own fields too, at once: a Save pressed now starts from this version, not the one before it.
        const setField = (name: string, value: string) => {
          const field = form.elements.namedItem(name);
          if (field instanceof HTMLInputElement) field.value = value;
        };
        setField(EDIT_FIELDS.version, result.version);
        setField(EDIT_FIELDS.base, JSON.stringify(result.base));
        const refused = Object.keys(result.errors).length;
        const unchangedSince = answersOf(form).toString() === snapshot;
        // "All changes saved" only while it is true: typed meanwhile, the next save starts at once.
        if (unchangedSince) setStatus({ kind: 'saved', at: result.savedAt, refused });
        else again.current = true;
        latest.current.onSaved(result.errors, unchangedSince, { version: result.version, base: result.base });
        channel.current?.postMessage({ tab: tab.current, savedAt: result.savedAt });
        if (unchangedSince) settle(refused === 0 ? 'saved' : 'kept');
      } else if (response.status === 409) {
        settle('kept');
        latest.current.onConflict();
        setStatus({ kind: 'idle' });
      } else {
        settle('kept');
        setStatus({ kind: 'failed', message: result && 'message' in result ? result.message : AUTOSAVE_MSG.failed });
      }
    } catch {
      // The request never reached the portal: offline, or the connection dropped.
      settle('kept');
      setStatus(typeof navigator !== 'undefined' && navigator.onLine === false ? { kind: 'offline' } : { kind: 'failed', message: AUTOSAVE_MSG.failed });
    } finally {
      inFlight.current = false;
      const submit = heldSubmit.current;
      heldSubmit.current = null;
      if (submit) {
        // The Save carries everything typed: no autosave after it.
        again.current = false;
        settle('submitted');
        submit();
        return;
      }
      if (again.current) {
        again.current = false;
        void save(leaving);
      }
    }
  }, []);

  useEffect(() => {
    const form = options.form.current;
    if (!form || !options.enabled) return;
    const later = () => {
      // A change since the last save: the line no longer says everything is saved.
      // (A field's change event also comes when it is left, after its input was saved: then nothing changed.)
      if (answersOf(form).toString() !== sent.current) setStatus((now) => (now.kind === 'saved' ? { kind: 'idle' } : now));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    };
    const left = (event: FocusEvent) => {
      // Leaving a field for another inside the form, or for anything else: save what it holds now.
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && (target as HTMLInputElement).type !== 'file') void save();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void save(true);
    };
    const leaving = () => void save(true);
    const online = () => void save();
    const offline = () => {
      if (sent.current !== answersOf(form).toString()) setStatus({ kind: 'offline' });
    };
    const listeners: [EventTarget, string, EventListener][] = [
      [form, 'input', later], [form, 'change', later], [form, 'focusout', left as EventListener],
      [document, 'visibilitychange', hidden], [window, 'pagehide', leaving], [window, 'online', online], [window, 'offline', offline],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      clearTimeout(timer.current);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [options.form, options.enabled, save]);

  // Other tabs of this browser with the same section open.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const named = new BroadcastChannel(`portal-section:${options.applicationId}:${options.sectionId}`);
    channel.current = named;
    named.onmessage = (event: MessageEvent<{ tab: string; savedAt: string }>) => {
      if (event.data?.tab === tab.current) return;
      // What this tab would save now could overwrite the other's: it waits for the person's choice.
      paused.current = true;
      clearTimeout(timer.current);
      setElsewhere(event.data.savedAt);
    };
    return () => {
      named.close();
      channel.current = null;
    };
  }, [options.applicationId, options.sectionId]);

  /**
   * For the form's onSubmit: a Save pressed while an autosave is in flight (leaving the field to press it starts one)
   * waits for it, then goes with the version it saved; true when the submit was held.
   */
  const holdSubmit = useCallback((event: { preventDefault(): void; nativeEvent: Event }) => {
    clearTimeout(timer.current);
    if (!inFlight.current) return false;
    event.preventDefault();
    const form = latest.current.form.current;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    heldSubmit.current = () => form?.requestSubmit(submitter ?? undefined);
    return true;
  }, []);

  /**
   * Saves the form's answers as they are now, after any save in flight (one save at a time: a tab never races itself
   * into a conflict): 'saved'; 'kept' when they could not be (the form keeps them for Save); 'submitted' when the
   * person's Save, pressed meanwhile, took them.
   */
  const flush = useCallback(() => new Promise<FlushOutcome>((resolve) => {
    waiters.current.push(resolve);
    void save();
  }), [save]);

  /** Keep editing here: autosave goes on (the save's own checks still apply). */
  const keepEditing = useCallback(() => {
    paused.current = false;
    setElsewhere(null);
  }, []);

  return { status, elsewhere, keepEditing, save, flush, holdSubmit };
}

/** The status line near Save: "Saving…", "All changes saved at 3:42 PM", or why nothing was saved. */
export function AutosaveStatus({ status }: { status: Status }) {
  const text =
    status.kind === 'saving'
      ? AUTOSAVE_MSG.saving
      : status.kind === 'saved'
        ? status.refused > 0
          ? AUTOSAVE_MSG.savedExcept(savedAtTime(status.at), status.refused)
          : AUTOSAVE_MSG.saved(savedAtTime(status.at))
        : status.kind === 'offline'
          ? AUTOSAVE_MSG.offline
          : status.kind === 'failed'
            ? status.message
            : '';
  return (
    <p className="ui-autosave-status" role="status" aria-live="polite" data-testid="autosave-status" data-state={status.kind}>
      {text}
    </p>
  );
}

/** Another tab saved this section: reload it (answers typed here are dropped only then), or keep editing here. */
export function ChangedElsewhere({ savedAt, reloadTo, onKeep }: { savedAt: string; reloadTo: string; onKeep(): void }) {
  return (
    <div className="ui-alert" data-tone="info" role="alert" data-testid="changed-elsewhere">
      <p>{AUTOSAVE_MSG.elsewhere(savedAtTime(savedAt))}</p>
      <p className="ui-alert-actions">
        <a href={reloadTo} className="ui-btn-outline" data-hold-skip="">
          {AUTOSAVE_MSG.reload}
        </a>{' '}
        <button type="button" className="ui-btn-outline" onClick={onKeep}>
          Keep editing here
        </button>
      </p>
    </div>
  );
}
