// Reading a posted form: every action goes through readForm, so a body that is not a form (no body, JSON,
// a malformed multipart) or holds text no field may hold gets a 4xx with a clear message, never a 500.
import { PORTAL_MSG } from '../../domain/messages';
import { isCleanText } from '../../domain/input';

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/**
 * The action of a page that takes no posts, and the loader of an endpoint that is only posted to: 405
 * with a clear message (Remix's own answer would name its internals).
 */
export function refuseMethod(): never {
  throw refusal(405, PORTAL_MSG.methodNotAllowed);
}

/**
 * The request's form fields. Throws a Response (caught by Remix: the route's error boundary, or the
 * plain text itself for a resource route): 415 when the body is not a form, 400 when it cannot be read
 * or holds a NUL or a broken Unicode character.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get('Content-Type') ?? '')) throw refusal(415, PORTAL_MSG.notAForm);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refusal(400, PORTAL_MSG.notAForm);
  }
  for (const [name, value] of form) {
    if (!isCleanText(name) || !isCleanText(typeof value === 'string' ? value : value.name)) throw refusal(400, PORTAL_MSG.badCharacters);
  }
  readForms.set(request, form);
  return form;
}

const readForms = new WeakMap<Request, FormData>();

/** The form readForm already read from this request (its body can be read only once), or null. */
export function formReadFrom(request: Request): FormData | null {
  return readForms.get(request) ?? null;
}
