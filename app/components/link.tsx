// Remix's Link, cheaper on the server for a path that starts with '/' (issue 8, decision 040). On the server a
// link only becomes an <a>: Remix's Link and React Router's under it resolve the path against the route tree
// (useHref, twice), set up prefetching and the click handler (about ten hooks), and all of that gives back the
// same string for an absolute path. A list page has a hundred such links (row id, View, History, each move):
// that was a fifth of the state list's server CPU. Here the server writes the <a> Remix would write, with the
// same attributes (data-discover, href, target); in the browser it is Remix's Link, which hydrates the same
// markup and navigates client-side as before. A relative path ('?page=2', '#x', '..') or a prefetch other than
// 'none' is always Remix's Link (those depend on the route the link is rendered in).
import { forwardRef, type ComponentProps } from 'react';
import { Link as RemixLink } from '@remix-run/react';

type LinkProps = ComponentProps<typeof RemixLink>;

const onServer = typeof document === 'undefined';

/** A path resolved to itself by the router: '/…' but not '//' (another host), no '.' or '..' segment. */
export function isPlainAbsolutePath(to: unknown): to is string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) return false;
  const path = to.split(/[?#]/, 1)[0]!;
  if (/(^|\/)\.\.?(\/|$)/.test(path) || path.includes('//')) return false;
  // A bare '?' or '#' is dropped by the router's href; keep those to it.
  return !/[?#]$/.test(to) && !to.includes('?#');
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, prefetch, discover = 'render', ...rest } = props;
  if (!onServer || !isPlainAbsolutePath(to) || (prefetch !== undefined && prefetch !== 'none')) {
    return <RemixLink ref={ref} {...props} />;
  }
  // What React Router's Link passes on to the <a>, without its navigation options (attributes order as Remix writes them).
  const {
    reloadDocument, relative: _relative, replace: _replace, state: _state, preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition, onClick: _onClick, target, ...anchor
  } = rest;
  return <a {...anchor} data-discover={discover === 'render' && !reloadDocument ? 'true' : undefined} href={to} target={target} />;
});
