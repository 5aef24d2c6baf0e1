// Unsaved changes (spec 2): with JavaScript, leaving a form that was changed asks
// 'Are you sure you want to leave this page?' first; saving is not leaving.
import { useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation } from '@remix-run/react';
import { UrlDialog } from '../components/url-dialog';
import { MSG } from '../../domain/messages';

export function useUnsavedChanges(options: { enabled: boolean; resetKey?: unknown }) {
  const [dirty, setDirtyState] = useState(false);
  // A ref as well: the guard must see "clean" in the same click that confirms leaving or submits.
  const dirtyRef = useRef(false);
  const setDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  };
  useEffect(() => setDirty(options.resetKey !== undefined && options.resetKey !== null), [options.resetKey]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    options.enabled && dirtyRef.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const location = useLocation();
  const dialog =
    blocker.state === 'blocked' ? (
      <UrlDialog id="leave-page" title="Leave this page?" closeTo={location.pathname + location.search} role="alertdialog">
        <p>{MSG.leavePage}</p>
        <div className="ui-dialog-actions">
          <button type="button" className="ui-btn-outline" onClick={() => blocker.reset()}>
            No
          </button>
          <button
            type="button"
            className="ui-btn"
            data-autofocus
            onClick={() => {
              dirtyRef.current = false;
              blocker.proceed();
            }}
          >
            Yes
          </button>
        </div>
      </UrlDialog>
    ) : null;

  return {
    dirty,
    setDirty,
    /** Spread on the <Form>: typing marks it changed, submitting does not count as leaving. */
    formProps: {
      onChange: (event: { target: EventTarget }) => {
        // A chosen file is sent and saved at once (with JavaScript), so it is not an unsaved change.
        if ((event.target as HTMLInputElement).type === 'file') return;
        if (options.enabled) setDirty(true);
      },
      onSubmit: () => {
        dirtyRef.current = false;
      },
    },
    leaveWithoutAsking: () => {
      dirtyRef.current = false;
    },
    dialog,
  };
}
