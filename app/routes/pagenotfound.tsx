import { data, type MetaFunction } from '@remix-run/node';
import { NotFoundPage } from '../components/status-page';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Page not found | Broadband Grants Portal' }];
export const loader = () => data(null, { status: 404 });
export default NotFoundPage;
