// Parts of the server's document written once for each shape of page (decisions 072, 073; utils/kept-markup.ts): the
// first time a shape is rendered, the part between two markers that keepMarkup reads the finished part from;
// afterwards one empty <template> where the kept part goes, with this page's nonce. Server only (root.tsx, the shell's
// side menu).
import { createContext, useContext, type ReactNode } from 'react';
import { Links, Scripts, UNSAFE_RemixContext, useLocation, useMatches } from '@remix-run/react';
import { KEPT_MARKUP, keptMarkup, markupKey, type KeptMarkupNotes, type KeptPart } from '../utils/kept-markup';

type RenderMeta = { didRenderScripts?: boolean; [KEPT_MARKUP]?: KeptMarkupNotes };

/** Whether a route of this document failed (entry.server.tsx provides it from Remix's static handler context). */
export const RouteFailedContext = createContext(false);

/**
 * A part of the server's document kept for every page of its shape: `shape` must hold everything the part's markup
 * depends on besides the build. Its children must not ask for ids (useId): their tree differs from the browser's.
 */
export function KeptMarkup({ part, shape, whenKept, children }: { part: KeptPart; shape: readonly string[]; whenKept?: (meta: RenderMeta) => void; children: ReactNode }) {
  const remix = useContext(UNSAFE_RemixContext);
  const renderMeta = remix?.renderMeta as RenderMeta | undefined;
  // Outside Remix's document render (no renderMeta to note on), the part as it is.
  if (!remix || !renderMeta) return <>{children}</>;
  const key = markupKey(part, remix.manifest.version, shape);
  const markup = keptMarkup(key);
  (renderMeta[KEPT_MARKUP] ??= {})[part] = { key, markup };
  if (markup !== undefined) {
    whenKept?.(renderMeta);
    return <template data-portal-kept={part} />;
  }
  return (
    <>
      <template data-portal-keep-from={part} />
      {children}
      <template data-portal-keep-to={part} />
    </>
  );
}

/** Remix's <Scripts>, kept by the page's path and matched routes (decision 072). */
export function PageScripts({ nonce }: { nonce: string }) {
  const { pathname } = useLocation();
  const ids = useMatches().map((m) => m.id);
  return (
    // Kept, it tells <RemixServer> what <Scripts> would: the page's data scripts are to be written after the app.
    <KeptMarkup part="scripts" shape={[nonce ? 'nonce' : 'none', pathname, ...ids]} whenKept={(meta) => (meta.didRenderScripts = true)}>
      <Scripts nonce={nonce} />
    </KeptMarkup>
  );
}

/** Remix's <Links>, kept by the page's matched routes when none failed (decision 073). */
export function PageLinks() {
  const failed = useContext(RouteFailedContext);
  const ids = useMatches().map((m) => m.id);
  if (failed) return <Links />;
  return (
    <KeptMarkup part="links" shape={ids}>
      <Links />
    </KeptMarkup>
  );
}
