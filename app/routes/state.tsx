// The state shell: guard (role type state), top bar, side menu.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadShell } from '../utils/shell.server';
import { ShellLayout } from '../components/shell';
import { GeneralErrorBoundary } from '../components/error-boundary';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const loader = ({ request, context }: LoaderFunctionArgs) => loadShell(request, context, 'state');

export default ShellLayout;

export const ErrorBoundary = GeneralErrorBoundary;
