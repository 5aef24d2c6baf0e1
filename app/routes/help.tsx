// The help page the top bar's Help button opens (HELP_URL points elsewhere when the office has its own).
// Plain elements with build-time classes: no Chakra in the browser (decision 020).
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import '../chunks/every-page'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Help | Broadband Grants Portal' }];

const TOPICS: { title: string; body: string }[] = [
  {
    title: 'Signing in',
    body: 'Enter your email address on the sign-in page. We email you a 6-digit code that works once, for 10 minutes. After 5 wrong tries a code stops working: ask for a new one.',
  },
  {
    title: 'Several organizations',
    body: 'If you work for more than one applicant, choose the organization after signing in. Switch at any time with the organization menu in the top bar.',
  },
  {
    title: 'Inactivity',
    body: 'After an hour without activity the portal asks whether you are still there, and signs you out two minutes later. Your saved answers are kept.',
  },
  {
    title: 'Accessibility',
    body: 'Every page works with a keyboard, a screen reader and with JavaScript turned off. Use "Skip to main content" at the top of each page to jump past the menu.',
  },
  {
    title: 'Contact',
    body: 'For questions about the programme or your account, contact the state broadband office through Messages in the portal, or by the contact details in the programme guide.',
  },
];

export default function Help() {
  return (
    <main id="main" className="ui-help">
      <h1 className="ui-h1">Help</h1>
      {TOPICS.map((topic) => (
        <section key={topic.title}>
          <h2 className="ui-h2">{topic.title}</h2>
          <p>{topic.body}</p>
        </section>
      ))}
      <p>
        <Link to="/" className="ui-link">
          Back to the portal
        </Link>
      </p>
    </main>
  );
}
