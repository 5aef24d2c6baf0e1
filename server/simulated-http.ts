// The request and response of an in-process API call (server/api-transport.ts): what light-my-request 6.8.1's
// `Request` and `Response` did for the transport (decision 025), without the two things of theirs that kept every call's
// objects past V8's young-generation collections (decision 080):
// - its request gave each instance its own `connection` accessor (`Object.defineProperty` on the instance);
// - its answer was an object literal with a `cookies` getter, and properties added after it.
// An object given an accessor of its own gets a hidden class of its own, and that hidden class holds the accessor's
// function, whose scope holds the request or response: all of it then outlived the next scavenge and was copied into
// the old generation (measured: 1.3 KB a request, 6 KB an answer). Here `connection` is the prototype's and the answer
// is a class's instance.
//
// Only what the transport sends is simulated: a method, an address, headers, and a body given whole (a string or a
// Buffer; a FormData is encoded by the transport first). The answer is read whole, or as a stream with backpressure.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { Readable, Writable } from 'node:stream';

/** One call, as the transport dispatches it. */
export interface SimulatedCall {
  method: string;
  /** The address, with its query. */
  url: string;
  headers: Record<string, string>;
  /** The body, given whole. */
  payload?: string | Buffer;
  /** The answer's body as a stream, read with backpressure (the exports), instead of whole. */
  payloadAsStream?: boolean;
}

/** A finished call's answer: its status and headers, and its body (whole, or a stream when asked for one). */
export class SimulatedAnswer {
  constructor(
    readonly statusCode: number,
    readonly statusMessage: string,
    readonly headers: Record<string, string | string[] | number | undefined>,
    /** The whole body as text ('' for an answer read as a stream). */
    readonly payload: string,
    private readonly body: Readable | undefined,
    private readonly chunks: Buffer[],
  ) {}

  /** The body as a stream: the one the API writes into (payloadAsStream), else the whole body. */
  stream(): Readable {
    return this.body ?? Readable.from(this.chunks);
  }
}

export type SimulatedDone = (error: Error | null, answer: SimulatedAnswer | null) => void;

/** The request's socket: its address is what the API reads as the client's (it then trusts X-Forwarded-For). */
class SimulatedSocket extends EventEmitter {
  constructor(readonly remoteAddress: string) {
    super();
  }
}

interface RequestState {
  payload: string | Buffer | null;
  sent: boolean;
  payloadAsStream: boolean;
}

/** The simulated request: a readable stream of the body, with the headers Node's parser would have given. */
export class SimulatedRequest extends Readable {
  url: string;
  method: string;
  headers: Record<string, string>;
  rawHeaders: string[];
  httpVersionMajor = 1;
  httpVersionMinor = 1;
  httpVersion = '1.1';
  aborted = false;
  socket: SimulatedSocket;
  /** What the response needs of the call. */
  readonly simulated: RequestState;

  constructor(call: SimulatedCall) {
    super({ autoDestroy: false });
    this.url = call.url;
    this.method = call.method.toUpperCase();
    const headers: Record<string, string> = {};
    for (const name of Object.keys(call.headers)) headers[name.toLowerCase()] = String(call.headers[name]);
    headers['user-agent'] ??= 'lightMyRequest';
    headers.host ||= 'localhost:80';
    const payload = call.payload ?? null;
    if (payload !== null && !('content-length' in headers)) headers['content-length'] = String(Buffer.byteLength(payload));
    this.headers = headers;
    this.rawHeaders = Object.entries(headers).flat();
    this.socket = new SimulatedSocket('127.0.0.1');
    this.simulated = { payload, sent: false, payloadAsStream: call.payloadAsStream === true };
  }

  /** Node's deprecated alias of `socket`, on the prototype (an instance's own accessor is what decision 080 avoids). */
  get connection(): SimulatedSocket {
    return this.socket;
  }

  override _read(): void {
    setImmediate(() => {
      if (!this.simulated.sent) {
        this.simulated.sent = true;
        if (this.simulated.payload !== null) this.push(this.simulated.payload);
      }
      this.push(null);
    });
  }

  override destroy(error?: Error): this {
    if (this.destroyed || this.simulated.sent) return this;
    (this as { destroyed: boolean }).destroyed = true;
    if (error) {
      (this as { _error?: boolean })._error = true;
      process.nextTick(() => this.emit('error', error));
    }
    process.nextTick(() => this.emit('close'));
    return this;
  }
}

/** Where a response writes when nothing reads it: its body is kept by the response itself. */
function nullSocket(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      setImmediate(callback);
    },
  });
}

/** The raw head's fields Node writes itself rather than through setHeader, as an answer's headers show them. */
const RAW_FIELDS = [/\r\nDate: ([^\r]*)\r\n/, /\r\nConnection: ([^\r]*)\r\n/, /\r\nTransfer-Encoding: ([^\r]*)\r\n/];
const RAW_NAMES = ['date', 'connection', 'transfer-encoding'];

interface ResponseState {
  headers: Record<string, string | string[] | number | undefined> | null;
  chunks: Buffer[];
  stream: Readable | undefined;
  /** Called once: with the answer, or with why there is none. */
  answered: boolean;
  finished: boolean;
  done: SimulatedDone;
}

/** The simulated response: Node's own ServerResponse on a socket that discards, its head and body kept for the answer. */
export class SimulatedResponse extends http.ServerResponse {
  readonly simulated: ResponseState;

  constructor(req: SimulatedRequest, done: SimulatedDone) {
    super(req as unknown as http.IncomingMessage);
    const stream = req.simulated.payloadAsStream ? new Readable({ read: () => this.emit('drain') }) : undefined;
    this.simulated = { headers: null, chunks: [], stream, answered: false, finished: false, done };
    // Node creates its header store on the first setHeader; light-my-request made it at once, and so does this.
    this.setHeader('x-simulated', '1');
    this.removeHeader('x-simulated');
    this.assignSocket(nullSocket() as unknown as import('node:net').Socket);
    if (stream) {
      this.once('finish', () => {
        this.simulated.finished = true;
        stream.push(null);
      });
    } else {
      this.once('finish', () => this.#answer());
    }
    const fail = (error?: Error) => this.#fail(error);
    this.socket!.once('error', fail);
    this.once('error', fail);
    this.once('close', () => fail());
  }

  /** The head as it is being written: the headers set, and Date, Connection, Transfer-Encoding from the raw head. */
  #copyHeaders(): void {
    const headers: Record<string, string | string[] | number | undefined> = { ...this.getHeaders() };
    const head = (this as unknown as { _header?: string | null })._header;
    if (head) {
      RAW_FIELDS.forEach((field, i) => {
        const found = field.exec(head);
        if (found) headers[RAW_NAMES[i]!] = found[1];
      });
    }
    this.simulated.headers = headers;
  }

  #answerNow(): SimulatedAnswer {
    if (this.simulated.headers === null) this.#copyHeaders();
    const headers = this.simulated.headers!;
    for (const name of Object.keys(headers)) {
      const value = headers[name];
      headers[name] = Array.isArray(value) ? value.map((v) => String(v)) : String(value);
    }
    const payload = this.simulated.stream ? '' : Buffer.concat(this.simulated.chunks).toString();
    return new SimulatedAnswer(this.statusCode, this.statusMessage, headers, payload, this.simulated.stream, this.simulated.chunks);
  }

  #answer(): void {
    if (this.simulated.answered) return;
    this.simulated.answered = true;
    const answer = this.#answerNow();
    process.nextTick(() => this.simulated.done(null, answer));
  }

  #fail(error?: Error): void {
    if (this.simulated.answered) {
      // After the head of a streamed answer: its reader learns the body was cut short.
      const { stream } = this.simulated;
      if (stream && !this.simulated.finished) {
        stream.destroy(error ?? connectionReset());
        stream.on('error', () => undefined);
      }
      return;
    }
    this.simulated.answered = true;
    const reason = error ?? connectionReset();
    process.nextTick(() => this.simulated.done(reason, null));
  }

  override writeHead(...args: unknown[]): this {
    (http.ServerResponse.prototype.writeHead as (...a: unknown[]) => unknown).apply(this, args);
    this.#copyHeaders();
    // A streamed answer is given as soon as its head is written; its body follows in the stream.
    if (this.simulated.stream) this.#answer();
    return this;
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    (http.ServerResponse.prototype.write as (...a: unknown[]) => boolean).call(this, chunk, encoding, callback);
    if (!(this as unknown as { _hasBody: boolean })._hasBody) return true;
    const data = Buffer.from(chunk as string, encoding as BufferEncoding | undefined);
    if (this.simulated.stream) return this.simulated.stream.push(data);
    this.simulated.chunks.push(data);
    return true;
  }

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk) this.write(chunk, encoding);
    (http.ServerResponse.prototype.end as (...a: unknown[]) => unknown).call(this, callback);
    this.emit('finish');
    this.destroy();
    return this;
  }

  override destroy(error?: Error): this {
    if (this.destroyed) return this;
    (this as { destroyed: boolean }).destroyed = true;
    if (error) process.nextTick(() => this.emit('error', error));
    process.nextTick(() => this.emit('close'));
    return this;
  }
}

function connectionReset(): Error {
  return Object.assign(new Error('response destroyed before completion'), { code: 'LIGHT_ECONNRESET' });
}
