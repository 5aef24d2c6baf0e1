/**
 * Whether this code runs on the server (Node, a render thread) rather than in the browser: the one test the
 * server-only fast paths read (Link, Form, the kept side menu, the head's links and the scripts; decisions 040, 072-077).
 */
export const onServer = typeof document === 'undefined';
