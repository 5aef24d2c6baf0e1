// Remix's Form and useFetcher, as the routes import them (decision 096: the server-only copies are gone).
export { Form, useFetcher } from '@remix-run/react';
