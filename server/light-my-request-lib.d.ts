// light-my-request's own request and response constructors (its lib/ files; the package has no "exports" map), which
// server/api-transport.ts subclasses as its Express app's own (decision 061). Pinned with the package (6.8.1).
declare module 'light-my-request/lib/request.js' {
  import type { IncomingMessage } from 'node:http';
  import type { InjectOptions } from 'light-my-request';

  const Request: new (options: InjectOptions) => IncomingMessage;
  export default Request;
}

declare module 'light-my-request/lib/response.js' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { Response as InjectedResponse } from 'light-my-request';

  /** Calls back once, after the response ends (or fails), as inject()'s callback. */
  const Response: new (req: IncomingMessage, onEnd: (error: Error | null, response: InjectedResponse | null) => void) => ServerResponse;
  export default Response;
}
