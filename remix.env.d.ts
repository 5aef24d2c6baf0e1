/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import '@remix-run/node';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    portal: import('./server/portal').PortalConfig;
    /** How callApi reaches /api/v1: in this process (embedded API) or over HTTP (API_BASE_URL); chosen in server/portal.ts. */
    api: import('./server/api-transport').ApiTransport;
    clientIp?: string;
    /** This response's Content-Security-Policy nonce (server/portal.ts). */
    cspNonce?: string;
    /** The HTTP method of the request being served (server/portal.ts): loaders after a POST re-render a form. */
    requestMethod?: string;
    /**
     * The request arrived over HTTPS, directly or through a proxy TRUST_PROXY believes (Express's `req.secure`;
     * server/serve-ui.ts reads the URL's scheme). Cookies are `Secure` only then, as HSTS is (decision 009).
     */
    secureRequest?: boolean;
    /** The portal's page handler (server/page-handler.ts) takes a finished document beside its Response (decision 059). */
    wholeDocuments?: boolean;
    /** Threads that render this process's pages, when it has them (server/render-threads.ts, decision 078). */
    renderThreads?: import('./server/render-threads').RenderThreads;
  }
}
