// Any unknown path shows the page-not-found screen, with HTTP 404.
import { data, type MetaFunction } from '@remix-run/node';
import { NotFoundPage } from '../components/status-page';
import '../chunks/every-page'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Page not found | Broadband Grants Portal' }];
export const loader = () => data(null, { status: 404 });
export const action = () => data(null, { status: 404 });
export default NotFoundPage;
