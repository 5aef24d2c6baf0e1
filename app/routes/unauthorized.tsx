import { data, type MetaFunction } from '@remix-run/node';
import { UnauthorizedPage } from '../components/status-page';
import '../chunks/every-page'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Unauthorized | Broadband Grants Portal' }];
export const loader = () => data(null, { status: 403 });
export default UnauthorizedPage;
