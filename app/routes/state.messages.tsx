// Messages, the state's side (spec 2 /state/messages, Messages screen; docs/decisions/037): every organization's
// conversations, filtered by organization ('Select Organization ID'); the state replies but never starts one (spec 6).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { messagesAction, messagesLoader } from '../components/messages/messages.server';
import { MessagesScreen } from '../components/messages/messages-screen';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/answers'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Messages | Broadband Grants Portal' }];

export const loader = ({ request, context }: LoaderFunctionArgs) => messagesLoader(request, context, 'state');
export const action = ({ request, context }: ActionFunctionArgs) => messagesAction(request, context, 'state');

export default MessagesScreen;
export const ErrorBoundary = ShellErrorBoundary;
