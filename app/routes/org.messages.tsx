// Messages, the organization's side (spec 2 /org/messages, Messages screen; docs/decisions/037): the chosen
// organization's conversations with the state, New Message about one of its applications, replies with files.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { messagesAction, messagesLoader } from '../components/messages/messages.server';
import { MessagesScreen } from '../components/messages/messages-screen';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/answers'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Messages | Broadband Grants Portal' }];

export const loader = ({ request, context }: LoaderFunctionArgs) => messagesLoader(request, context, 'org');
export const action = ({ request, context }: ActionFunctionArgs) => messagesAction(request, context, 'org');

export default MessagesScreen;
export const ErrorBoundary = ShellErrorBoundary;
