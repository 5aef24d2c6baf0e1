// Remix's Form and useFetcher, cheaper on the server (issue 8, decision 074), as app/components/link.tsx is for Link
// (decision 040). On the server a form only becomes a <form>: React Router's Form resolves its action against the
// route tree (useFormAction: useResolvedPath, which serializes the matched routes' paths, and useLocation) and sets up
// useSubmit, and useFetcher adds a dozen hooks and a new fetcher.Form component on every render. For an action that
// is a plain path ('/resources/preferences', '/logout') all that gives back the action as it is. So the server writes
// the <form> they would write (method, action, the other props, then Remix's data-discover), and in the browser
// these are Remix's own, which hydrate the same markup and submit as before. A form without an action, or with one
// relative to the route, is always Remix's Form. On the server, useFetcher is the idle fetcher Remix would give there.
import { createElement, forwardRef, useId, type ComponentProps, type ReactElement } from 'react';
import { Form as RemixForm, useFetcher as useRemixFetcher, type FetcherWithComponents } from '@remix-run/react';
import { isPlainAbsolutePath } from './link';
import { onServer } from '../utils/on-server';

type FormProps = ComponentProps<typeof RemixForm>;
type FetcherFormProps = Omit<FormProps, 'fetcherKey' | 'navigate'>;

/** React Router's Form's own props, which the <form> element does not get. */
const ROUTER_FORM_PROPS = new Set(['fetcherKey', 'navigate', 'reloadDocument', 'replace', 'state', 'method', 'action', 'onSubmit', 'relative', 'preventScrollReset', 'viewTransition']);
/** Remix's Form takes discover as well (its data-discover). */
const REMIX_FORM_PROPS = new Set([...ROUTER_FORM_PROPS, 'discover']);

/**
 * The <form> React Router's Form writes for an action it leaves as it is: method ('get' or 'post'), action, the other
 * props in their order, then (Remix's Form, not a fetcher's) data-discover.
 */
function formElement(props: FormProps, action: string, own: Set<string>, discover: boolean): ReactElement {
  const attributes: Record<string, unknown> = { method: (props.method ?? 'get').toLowerCase() === 'get' ? 'get' : 'post', action };
  for (const key in props) if (!own.has(key)) attributes[key] = props[key as keyof FormProps];
  if (discover) attributes['data-discover'] = (props.discover ?? 'render') === 'render' && !props.reloadDocument ? 'true' : undefined;
  return createElement('form', attributes);
}

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  if (onServer && isPlainAbsolutePath(props.action)) return formElement(props, props.action, REMIX_FORM_PROPS, true);
  return <RemixForm ref={ref} {...props} />;
});

/** A fetcher's form on the server: React Router's Form as a fetcher uses it (no data-discover), not yet keyed. */
const ServerFetcherForm = forwardRef<HTMLFormElement, FetcherFormProps>(function ServerFetcherForm(props, ref) {
  if (isPlainAbsolutePath(props.action)) return formElement(props, props.action, ROUTER_FORM_PROPS, false);
  return <RemixForm ref={ref} {...props} discover="none" navigate={false} />;
});

const noop = () => {};

/** What useFetcher gives on the server: nothing has been fetched or submitted yet. */
const SERVER_FETCHER = Object.freeze({
  Form: ServerFetcherForm,
  submit: noop,
  load: noop,
  state: 'idle',
  data: undefined,
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  formData: undefined,
  json: undefined,
  text: undefined,
});

export function useFetcher<T = unknown>(options?: { key?: string }): FetcherWithComponents<T> {
  if (!onServer) return useRemixFetcher<T>(options);
  // Remix's fetcher takes its key from useId, and a component that asks for an id gives its children's ids one more
  // level (React's tree context, the same on the server and in hydration): so this one asks too.
  useId();
  return SERVER_FETCHER as unknown as FetcherWithComponents<T>;
}
