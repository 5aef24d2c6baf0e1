// The server document's scripts (decision 072): Remix's <Scripts> the first time a shape of page is rendered, between
// two markers that keepPageScripts reads the finished tail from; afterwards one empty <script> where that kept tail
// goes, with this page's nonce. Rendered on the server only (root.tsx), like <Scripts> before it (decision 056).
import { useContext } from 'react';
import { Scripts, UNSAFE_RemixContext, useLocation, useMatches } from '@remix-run/react';
import { keptScripts, PAGE_SCRIPTS, scriptsKey, type PageScriptsNote } from '../utils/page-scripts';

type RenderMeta = { didRenderScripts?: boolean; [PAGE_SCRIPTS]?: PageScriptsNote };

export function PageScripts({ nonce }: { nonce: string }) {
  const remix = useContext(UNSAFE_RemixContext);
  const { pathname } = useLocation();
  const matches = useMatches();
  const renderMeta = remix?.renderMeta as RenderMeta | undefined;
  // Outside Remix's document render (no renderMeta to note on), <Scripts> as it is.
  if (!remix || !renderMeta) return <Scripts nonce={nonce} />;
  const key = scriptsKey(remix.manifest.version, pathname, matches.map((m) => m.id), nonce !== '');
  const tail = keptScripts(key);
  renderMeta[PAGE_SCRIPTS] = { key, tail };
  if (tail !== undefined) {
    // What <Scripts> tells <RemixServer>: the page's data scripts are to be written after the app.
    renderMeta.didRenderScripts = true;
    return <script data-portal-scripts="" />;
  }
  return (
    <>
      <template data-portal-scripts-from="" />
      <Scripts nonce={nonce} />
      <template data-portal-scripts-to="" />
    </>
  );
}
