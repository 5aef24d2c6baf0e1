// Error boundaries: 404 → not found, 403 → unauthorized, 503 → try again soon, anything else → 'Something went wrong'.
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { NotFoundContent, NotFoundPage, StatusBody, StatusPage, UnauthorizedPage, UnavailableContent, UnavailablePage } from './status-page';
import { MSG, PORTAL_MSG } from '../../domain/messages';
/** Logged once, by the server: the browser shows the page the server wrote. */
const onServer = typeof document === 'undefined';

export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403) return <UnauthorizedPage />;
    if (error.status === 503) return <UnavailablePage message={dataMessage(error.data)} />;
    const message = typeof error.data === 'string' && error.data ? error.data : MSG.somethingWentWrong;
    return <FailurePage message={message} />;
  }
  if (onServer) console.error(error);
  return <FailurePage message={MSG.somethingWentWrong} />;
}

const dataMessage = (d: unknown) => (typeof d === 'string' && d ? d : PORTAL_MSG.databaseUnavailable);

/** What a failure offers, whole page or in the shell: a plain link, so a full reload works even when scripts failed. */
const reloadAction = (
  <a href="" className="ui-btn">
    Reload Page
  </a>
);
/** A failure's text when there is no message of its own to show. */
const RELOAD_HINT = 'Please reload the page. If it keeps happening, contact support.';

function FailurePage({ message }: { message: string }) {
  return (
    <StatusPage title={MSG.somethingWentWrong} actions={reloadAction}>
      <p>{message !== MSG.somethingWentWrong ? message : RELOAD_HINT}</p>
    </StatusPage>
  );
}

/** For pages inside the signed-in shell: the error shows in the page area, the menu stays. */
export function ShellErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailableContent message={dataMessage(error.data)} />;
  if (!isRouteErrorResponse(error) && onServer) console.error(error);
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : null;
  return (
    <StatusBody title={MSG.somethingWentWrong} actions={reloadAction}>
      <p>{message ?? RELOAD_HINT}</p>
    </StatusBody>
  );
}
