// Remix's Link, as the routes import it (decision 096: the server-only copy is gone).
export { Link } from '@remix-run/react';
