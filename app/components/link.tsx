// Remix's Link, cheaper on the server for a path that starts with '/' (issue 8, decision 040). On the server a
// link only becomes an <a>: Remix's Link and React Router's under it resolve the path against the route tree
// (useHref, twice), set up prefetching and the click handler (about ten hooks), and all of that gives back the
// same string for an absolute path. A list page has a hundred such links (row id, View, History, each move):
// that was a fifth of the state list's server CPU. Here the server writes the <a> Remix would write, with the
// same attributes (data-discover, href, target); in the browser it is Remix's Link, which hydrates the same
// markup and navigates client-side as before. A link that only changes the query ('?page=2', the list's Cancel
// and Delete) or the fragment ('#x') resolves against the current location's path, which the server writes the
// same way. A path relative to the route ('x', '..', '.') or a prefetch other than 'none' is always Remix's Link.
import { forwardRef, type ComponentProps } from 'react';
import { Link as RemixLink, useLocation } from '@remix-run/react';
import { onServer } from '../utils/on-server';

type LinkProps = ComponentProps<typeof RemixLink>;

const SLASH = 0x2f, QUESTION = 0x3f;

/** A path resolved to itself by the router: '/…' but not '//' (another host), no '.' or '..' segment. */
export function isPlainAbsolutePath(to: unknown): to is string {
  if (typeof to !== 'string' || to.charCodeAt(0) !== SLASH || to.charCodeAt(1) === SLASH) return false;
  // Most links have no '.', no '//' and no '#': nothing for the checks below to find, so no regular expressions.
  if (to.indexOf('.') < 0 && to.indexOf('//') < 0 && to.indexOf('#') < 0) return to.charCodeAt(to.length - 1) !== QUESTION;
  const path = to.split(/[?#]/, 1)[0]!;
  if (/(^|\/)\.\.?(\/|$)/.test(path) || path.includes('//')) return false;
  // A bare '?' or '#' is dropped by the router's href; keep those to it.
  return !/[?#]$/.test(to) && !to.includes('?#');
}

/** A query and/or fragment only ('?a=1', '?a=1#b', '#b'), resolved by the router against the location's path as it is. */
export function isLocationRelative(to: unknown): to is string {
  return typeof to === 'string' && (to.startsWith('?') || to.startsWith('#')) && to.length > 1 && !/[?#]$/.test(to) && !to.includes('?#');
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, prefetch } = props;
  if (!onServer || (prefetch !== undefined && prefetch !== 'none')) return <RemixLink ref={ref} {...props} />;
  if (isPlainAbsolutePath(to)) return anchor(props, to);
  if (isLocationRelative(to)) return <LocationRelativeLink {...props} to={to} />;
  return <RemixLink ref={ref} {...props} />;
});

function LocationRelativeLink(props: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  return anchor(props, pathname + props.to);
}

/** Link's own props: its navigation options, and target (written last, after href, as Remix writes it). */
const LINK_OWN_PROPS = new Set(['to', 'prefetch', 'discover', 'reloadDocument', 'relative', 'replace', 'state', 'preventScrollReset', 'viewTransition', 'onClick', 'target']);

/**
 * The <a> React Router's Link writes: the props without its navigation options, then data-discover, href, target
 * (Remix's order). Copied in one loop into the element's props: a rest pattern naming eleven props, spread again
 * into the element, cost about 5 µs a link on Node 20, this well under 1 (a hundred links on the state list).
 */
function anchor(props: LinkProps, href: string) {
  const own: Record<string, unknown> = {};
  for (const key in props) if (!LINK_OWN_PROPS.has(key)) own[key] = props[key as keyof LinkProps];
  own['data-discover'] = (props.discover ?? 'render') === 'render' && !props.reloadDocument ? 'true' : undefined;
  own.href = href;
  own.target = props.target;
  return <a {...own} />;
}
