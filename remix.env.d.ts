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
    portal: import('./domain/ui-context').PortalConfig;
    /** How callApi reaches /api/v1: in this process (embedded API) or over HTTP (API_BASE_URL); chosen in server/portal.ts. */
    api: import('./domain/api-call').ApiTransport;
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
  }
}
