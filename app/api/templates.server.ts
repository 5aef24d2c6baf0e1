// A question's template file (spec 9), by the question's systemNo.
import { get, seg, type ApiSession } from './client.server';
import { publicUrl } from './documents.server';

/** The template's absolute address, or null when the API names none. */
export async function templateLink(api: ApiSession, systemNo: string): Promise<string | null> {
  const { url } = await get<{ url: string }>(api, `/templates/questions/${seg(systemNo)}`);
  return url ? publicUrl(api, url) : null;
}
