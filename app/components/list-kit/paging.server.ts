// Loaders of paged lists (every list of the kit: applications, the histories, the state lists to come).
import { redirect } from '@remix-run/node';
import { pastLastPage } from '../../utils/url-state';

/**
 * A page past the last one (`?page=99` of a one-page list) is not shown as "Page 99 of 1" over an empty table: the
 * loader redirects to the last page, keeping every other parameter of the URL (issue 9 item 10). Call it with the
 * page the URL asked for and the list's page count, as soon as the API has answered.
 */
export function clampPage(request: Request, page: number, totalPages: number): void {
  const to = pastLastPage(request.url, page, totalPages);
  if (to) throw redirect(to);
}
