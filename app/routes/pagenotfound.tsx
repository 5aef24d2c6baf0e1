import { data, type MetaFunction } from '@remix-run/node';
import { NotFoundPage } from '../components/status-page';
import '../chunks/every-page'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Page not found | Broadband Grants Portal' }];
export const loader = () => data(null, { status: 404 });
export const action = loader;
export default NotFoundPage;
