import { redirect } from '@remix-run/node';

export { refuseMethod as action } from '../utils/form-data.server';

export const loader = () => redirect('/org/dashboard');
