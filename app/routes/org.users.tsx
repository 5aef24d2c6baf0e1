// The organization's users (spec 2 "Users screen"; Organization_Admin): app/components/user-admin holds the screen.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { usersAction, usersLoader } from '../components/user-admin/users.server';
import { UsersScreen } from '../components/user-admin/users-screen';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Users | Broadband Grants Portal' }];
export const loader = (args: LoaderFunctionArgs) => usersLoader(args, 'org');
export const action = (args: ActionFunctionArgs) => usersAction(args, 'org');
export default UsersScreen;
export const ErrorBoundary = ShellErrorBoundary;
