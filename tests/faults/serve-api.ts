// A child process for the fault tests: the portal without the UI build (API, /healthz) on PORT, started
// exactly as server.ts starts it (DATA_DIR's PGlite, or DATABASE_URL). Says "listening" once it serves.
import { readEnv } from '../../server/env';
import { startPortal } from '../../server/start';

const env = readEnv();
startPortal(env, { host: '127.0.0.1', onReady: () => console.log(`listening on ${env.PORT}`) });
