import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { loginAction, loginLoader } from '../utils/login.server';
import { LoginPage } from '../components/login-page';
import { GeneralErrorBoundary } from '../components/error-boundary';
import '../chunks/every-page'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'State sign in | Broadband Grants Portal' }];
export const loader = (args: LoaderFunctionArgs) => loginLoader(args, 'state');
export const action = (args: ActionFunctionArgs) => loginAction(args, 'state');
export default LoginPage;
export const ErrorBoundary = GeneralErrorBoundary;
