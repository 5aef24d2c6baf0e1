// Standalone pages for 404, 403, 503 and failures: calm words, a way back, never a stack trace.
// Plain elements with the build-time classes (app/styles/static-classes.ts): the root error boundary shows them
// outside any Chakra provider, and they add nothing to a page's first load (docs/decisions/014).
import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';

export function StatusPage({ code, title, children, actions }: { code?: number; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="ui-page-status">
      <main id="main">
        <StatusBody code={code} title={title} actions={actions}>
          {children}
        </StatusBody>
      </main>
    </div>
  );
}

/** The same words without a page frame, for use inside the signed-in shell (which has the main landmark). */
export function StatusBody({ code, title, children, actions }: { code?: number; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="ui-status">
      {code ? <p className="ui-eyebrow-sm">Error {code}</p> : null}
      <h1 className="ui-h1-spaced" tabIndex={-1}>
        {title}
      </h1>
      <div className="ui-lead">{children}</div>
      {actions ?? (
        <Link to="/" className="ui-btn">
          Go to my start page
        </Link>
      )}
    </div>
  );
}

const NOT_FOUND_TEXT = 'We could not find that page. The address may be mistyped, or the page may have moved.';

export function NotFoundPage() {
  return (
    <StatusPage code={404} title="Page not found">
      <p>{NOT_FOUND_TEXT}</p>
    </StatusPage>
  );
}

export function UnauthorizedPage() {
  return (
    <StatusPage code={403} title="You do not have access to this page">
      <p>Your account does not have permission to open this page. If you think it should, contact your administrator.</p>
    </StatusPage>
  );
}

export function NotFoundContent() {
  return (
    <StatusBody code={404} title="Page not found">
      <p>{NOT_FOUND_TEXT}</p>
    </StatusBody>
  );
}

const TRY_AGAIN = (
  // A plain link: a full reload is the retry, with or without scripts.
  <a href="" className="ui-btn">
    Try again
  </a>
);

/** The database (or the API) is away for a moment: nothing is lost, the person retries shortly. */
export function UnavailablePage({ message }: { message: string }) {
  return (
    <StatusPage code={503} title="Temporarily unavailable" actions={TRY_AGAIN}>
      <p>{message}</p>
    </StatusPage>
  );
}

export function UnavailableContent({ message }: { message: string }) {
  return (
    <StatusBody code={503} title="Temporarily unavailable" actions={TRY_AGAIN}>
      <p>{message}</p>
    </StatusBody>
  );
}
