import { useEffect, useRef, type ReactNode } from 'react';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData,
} from '@remix-run/react';
import chakraGlobalHref from './styles/chakra-global.css';
import fontsHref from './styles/app.css';
import { readPreferences, readToast } from './utils/session.server';
import { Toaster } from './components/toaster';
import { MotionRoot } from './components/motion';
import { GeneralErrorBoundary } from './components/error-boundary';
import { useNonce } from './utils/nonce';
import './chunks/every-page'; // shared modules in one file (decision 102)

export const links: LinksFunction = () => [
  { rel: 'preload', href: '/fonts/poppins-latin-400-normal.woff2', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // Headings are semibold: without this weight at first paint they are drawn in a fallback font and reflow when it arrives (the form's title wrapped differently: CLS 0.026, decision 026).
  { rel: 'preload', href: '/fonts/poppins-latin-600-normal.woff2', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // Labels and buttons are medium: without the preload this weight was found only after the stylesheets and layout,
  // one more round trip before first paint (Lighthouse's slow 4G: sign-in FCP 2.13 → 1.83 s, the form 2.82 → 2.58 s).
  { rel: 'preload', href: '/fonts/poppins-latin-500-normal.woff2', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: chakraGlobalHref },
  { rel: 'stylesheet', href: fontsHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [
  { title: 'Broadband Grants Portal' },
  { name: 'description', content: 'Apply for, review and decide on broadband deployment subgrants.' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const prefs = await readPreferences(request, context);
  const { toast, header } = await readToast(request, context);
  return data({ theme: prefs.theme, toast }, header ? { headers: { 'Set-Cookie': header } } : undefined);
}

/** After a client-side navigation, focus moves to the new page's heading (screen readers hear it). */
function useFocusAfterNavigation() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
    if (!target || target.contains(document.activeElement)) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: false });
  }, [location.pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root');
  const theme = loaderData?.theme ?? 'light';
  const nonce = useNonce();
  return (
    <html lang="en" className={theme} style={{ colorScheme: theme }} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* Chakra is provided by the pages that use it (components/chakra-page.tsx), not here: docs/decisions/014. */}
        <MotionRoot>
          {/* First in the document (it is fixed at the top centre on screen), so a text browser or a screen
              reader reading in order meets "Profile saved…" before the page, not after it (issue 9 item 18). */}
          <Toaster toast={loaderData?.toast ?? null} />
          {children}
        </MotionRoot>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useFocusAfterNavigation();
  useEffect(() => {
    // A marker for tests and styles: React has hydrated and every effect is attached.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
