// A page's render as a message to another thread (decision 078). By the time entry.server renders, Remix has run the
// loaders and read the page's data stream (readPageData): what the render needs from this request is then plain data
// (the location, the matched routes' ids and params, the loader and action data, the status, the handoff string and
// the page's data text). Everything else it reads comes from the build (manifest, route modules, future flags), which
// the render thread imports itself. So a job carries only the request's part, and the thread puts the build's part
// back beside it.
//
// A page that failed (route errors: its error boundaries, Remix's second render pass) or whose data cannot be copied
// to another thread is rendered here, as before: `pageJob` says so by giving undefined.
import type { EntryContext, ServerBuild } from '@remix-run/node';
import { pageDataText, withPageData } from './page-data';

type StaticContext = EntryContext['staticHandlerContext'];

export interface PageJob {
  url: string;
  nonce: string;
  serverHandoffString?: string;
  criticalCss?: string;
  pageData: string;
  context: Pick<StaticContext, 'basename' | 'location' | 'loaderData' | 'actionData' | 'statusCode'> & {
    matches: { params: StaticContext['matches'][number]['params']; pathname: string; pathnameBase: string; route: { id: string } }[];
  };
}

/** The request's part of a render, or undefined when this page is rendered where it is (route errors, unread data). */
export function pageJob(context: EntryContext, url: string, nonce: string): PageJob | undefined {
  const page = context.staticHandlerContext;
  if (page.errors) return undefined;
  const pageData = pageDataText(context);
  if (pageData === undefined) return undefined;
  return {
    url,
    nonce,
    serverHandoffString: context.serverHandoffString,
    criticalCss: typeof context.criticalCss === 'string' ? context.criticalCss : undefined,
    pageData,
    context: {
      basename: page.basename,
      location: page.location,
      loaderData: page.loaderData,
      actionData: page.actionData,
      statusCode: page.statusCode,
      // React Router's static router finds each match's route again by its id (createStaticRouter).
      matches: page.matches.map((m) => ({ params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: { id: m.route.id } })),
    },
  };
}

/** The whole EntryContext again, from a job and this thread's copy of the build. */
export function entryContextOf(job: PageJob, build: ServerBuild, routeModules: EntryContext['routeModules']): EntryContext {
  const staticHandlerContext = {
    ...job.context,
    errors: null,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  } as unknown as StaticContext;
  return withPageData(
    {
      manifest: build.assets,
      routeModules,
      staticHandlerContext,
      criticalCss: job.criticalCss,
      serverHandoffString: job.serverHandoffString,
      renderMeta: {},
      future: build.future,
      isSpaMode: build.isSpaMode,
      // Remix serializes errors this way only for deferred data, and a promise is not sent to a thread (it does not
      // copy). Written as Remix does in production all the same: the message is not the page's to show.
      serializeError: () => ({ message: 'Unexpected Server Error', stack: undefined }),
    } as unknown as EntryContext,
    job.pageData,
  );
}
