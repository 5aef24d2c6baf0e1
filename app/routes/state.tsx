// The state shell: guard (role type state), top bar, side menu.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { loadShell } from '../utils/shell.server';
import { Shell } from '../components/shell';
import { GeneralErrorBoundary } from '../components/error-boundary';

export const loader = ({ request, context }: LoaderFunctionArgs) => loadShell(request, context, 'state');

export default function Layout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <Shell shell={shell}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
