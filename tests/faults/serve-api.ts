// A child process for the fault tests: the portal without the UI build (API, /healthz) on PORT, opened
// exactly as server.ts opens it (DATA_DIR's PGlite, or DATABASE_URL). Says "listening" once it serves.
import { readEnv } from '../../server/env';
import { createPortalApp, prepareDatabase } from '../../server/portal';

const env = readEnv();
const database = await prepareDatabase(env);
createPortalApp({ env, database }).listen(env.PORT, '127.0.0.1', () => console.log(`listening on ${env.PORT}`));
