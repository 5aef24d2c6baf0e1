// One way to put the portal's version of a library function in the library's own module (decisions 040, 062): the
// remembered route matching and route trees. Remix and React Router read these functions from their CommonJS module
// objects on each call (`router.matchRoutes(…)`), so replacing the export is seen by every caller, once per process.
import { createRequire } from 'node:module';

const REPLACED = Symbol.for('broadband-portal.replaced-export');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;

/** Replaces `name` in module `specifier`'s exports with `wrap(original)`, unless this process has already done so. */
export function replaceExport<F extends AnyFunction>(specifier: string, name: string, wrap: (original: F) => F): void {
  const exports = createRequire(import.meta.url)(specifier) as Record<string, (F & { [REPLACED]?: true }) | undefined>;
  const original = exports[name];
  if (typeof original !== 'function') throw new Error(`${specifier} has no function ${name} to replace`);
  if (original[REPLACED]) return;
  exports[name] = Object.assign(wrap(original), { [REPLACED]: true as const });
}
