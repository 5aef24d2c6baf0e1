// An unknown path inside the state area: the page-not-found screen inside the shell, HTTP 404.
import { data } from '@remix-run/node';
import { NotFoundContent } from '../components/status-page';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const loader = () => data(null, { status: 404 });
export const action = loader;
export default NotFoundContent;
