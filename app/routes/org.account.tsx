// My account (decision 093): the signed-in person's own names, phone and email; app/components/account holds the screen.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { accountAction, accountLoader } from '../components/account/account.server';
import { AccountScreen } from '../components/account/account-screen';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'My account | Broadband Grants Portal' }];
export const loader = (args: LoaderFunctionArgs) => accountLoader(args, 'org');
export const action = (args: ActionFunctionArgs) => accountAction(args, 'org');
export default AccountScreen;
export const ErrorBoundary = ShellErrorBoundary;
