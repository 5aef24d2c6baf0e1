// Chakra for the pages that use it: the signed-in shell wraps its pages in it, and so do the few public pages
// built with Chakra components. The root does not, so the pages every visitor meets first (sign-in, status and
// error pages) load no Chakra and no emotion in the browser (docs/decisions/014). On the server, entry.server.tsx
// provides this response's emotion cache (with the CSP nonce); in the browser one cache serves the page's life,
// made when this module loads, before hydration, so it adopts the server's <style> tags first.
import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { pageSystem } from '../theme';
import { makeEmotionCache } from '../styles/emotion-cache';

// Styles emotion adds after hydration carry the page's nonce (read from a server tag: browsers expose it only
// as a property).
const browserCache =
  typeof document === 'undefined' ? null : makeEmotionCache(document.querySelector<HTMLElement>('style[nonce], script[nonce]')?.nonce);

export function ChakraPage({ children }: { children: ReactNode }) {
  const page = <ChakraProvider value={pageSystem}>{children}</ChakraProvider>;
  return browserCache ? <CacheProvider value={browserCache}>{page}</CacheProvider> : page;
}
