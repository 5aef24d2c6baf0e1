// The documents library's Upload and New version when JavaScript runs (decision 036): the dialog sends its form with
// XMLHttpRequest for progress and Cancel (upload-progress.tsx), here, and this answers JSON instead of a page. It runs
// the library's own action (org.documents/documents.server.ts) on the same form as /org/documents would get it, so the
// rules, the messages and the toast are one: stored → { ok, to } with the toast's cookie (the page then goes to `to`,
// which revalidates the list and shows the toast); refused → { ok: false, message } with the action's status.
// The dialog's own query (?upload=1 or ?version=id) comes along, as the action reads it.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { documentsAction, type DocumentFormResult } from './org.documents/documents.server';
import { VALIDATION_MSG } from '../../domain/validation';

export type DocumentUploadResult = { ok: true; to: string } | { ok: false; message: string };

const reply = (body: DocumentUploadResult, status: number, headers?: HeadersInit) => {
  const out = new Headers(headers);
  out.set('Cache-Control', 'no-store');
  return Response.json(body, { status, headers: out });
};

function isRedirect(value: unknown): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400 && value.headers.has('Location');
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const url = new URL(request.url);
  // The library's own address, so its checks (who may open /org/documents) and its links are the same.
  const asLibrary = new Request(new URL(`/org/documents${url.search}`, url), { method: 'POST', headers: request.headers, body: request.body, duplex: 'half' } as RequestInit);
  let answer: unknown;
  try {
    answer = await documentsAction({ request: asLibrary, context, params });
  } catch (thrown) {
    answer = thrown;
  }
  if (isRedirect(answer)) {
    const to = answer.headers.get('Location')!;
    const cookies = answer.headers.getSetCookie();
    const headers = new Headers();
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    // Sent to sign in (or elsewhere) instead of the library: the page follows it as a 401.
    if (!to.startsWith('/org/documents')) return reply({ ok: false, message: VALIDATION_MSG.uploadFailed }, 401, headers);
    return reply({ ok: true, to }, 200, headers);
  }
  // A refused form: data(result, { status }) from the action.
  const refused = answer as { data?: DocumentFormResult; init?: ResponseInit | null } | null;
  if (refused && typeof refused === 'object' && refused.data && 'errors' in refused.data) {
    const { errors, message } = refused.data;
    return reply({ ok: false, message: errors.file ?? errors.place ?? errors.description ?? message ?? VALIDATION_MSG.uploadFailed }, refused.init?.status ?? 400);
  }
  if (answer instanceof Response) return reply({ ok: false, message: VALIDATION_MSG.uploadFailed }, answer.status >= 400 ? answer.status : 500);
  throw answer;
}

export const loader = () => redirect('/org/documents');
