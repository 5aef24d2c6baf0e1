// A value as it comes back from JSON: `jsonValue(x)` deep-equals `JSON.parse(JSON.stringify(x))`, built in one walk
// instead of writing the text and reading it again (decision 070). The in-process API transport hands the UI the value
// the API gave `res.json`, through this, so the UI sees exactly what it would read over HTTP: dates as their ISO
// strings (`toJSON`), no `undefined` or function members, `null` for them in arrays and for numbers JSON cannot write,
// boxed primitives unwrapped, only own enumerable string keys, and a copy the API's own objects are not shared with.
// Like JSON.stringify it throws a TypeError on a BigInt and on a cycle.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What JSON leaves out of an object (and writes as null in an array). */
const OMITTED = Symbol('omitted');

const dateToJSON = Date.prototype.toJSON;

function walk(value: unknown, key: string | number, seen: object[]): Json | typeof OMITTED {
  if (value !== null && (typeof value === 'object' || typeof value === 'bigint')) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    // A date with Date's own toJSON: its ISO string, or null for an invalid date, as that toJSON gives (without the
    // generic conversion it goes through, twice the time of the string itself).
    if (toJSON === dateToJSON && value instanceof Date) {
      const time = value.getTime();
      return Number.isFinite(time) ? value.toISOString() : null;
    }
    if (typeof toJSON === 'function') value = toJSON.call(value, String(key));
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0, and NaN and the infinities as null.
      return Number.isFinite(value) ? value + 0 : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return OMITTED; // undefined, a function, a symbol
  }
  if (value === null) return null;
  if (value instanceof Number) return walk(Number(value), key, seen);
  if (value instanceof String) return String(value);
  if (value instanceof Boolean) return value.valueOf();
  if (seen.includes(value)) throw new TypeError('Converting circular structure to JSON');
  seen.push(value);
  let out: Json;
  if (Array.isArray(value)) {
    const list: Json[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = walk(value[i], i, seen);
      list[i] = item === OMITTED ? null : item;
    }
    out = list;
  } else {
    const object: { [key: string]: Json } = {};
    for (const name of Object.keys(value)) {
      const item = walk((value as Record<string, unknown>)[name], name, seen);
      if (item === OMITTED) continue;
      // JSON.parse makes "__proto__" an own member; an assignment would set the prototype instead.
      if (name === '__proto__') Object.defineProperty(object, name, { value: item, enumerable: true, writable: true, configurable: true });
      else object[name] = item;
    }
    out = object;
  }
  seen.pop();
  return out;
}

/** `JSON.parse(JSON.stringify(value))`, without the text; `undefined` where JSON.stringify gives no text. */
export function jsonValue(value: unknown): Json | undefined {
  const out = walk(value, '', []);
  return out === OMITTED ? undefined : out;
}
