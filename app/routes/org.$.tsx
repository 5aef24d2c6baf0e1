// An unknown path inside the org area: the page-not-found screen inside the shell, HTTP 404.
import { data } from '@remix-run/node';
import { NotFoundContent } from '../components/status-page';

export { refuseMethod as action } from '../utils/form-data.server';

export const loader = () => data(null, { status: 404 });
export default NotFoundContent;
