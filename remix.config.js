/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverBuildPath: 'build/index.js',
  // Chakra and its parts are hundreds of small ES modules: bundled into the server build they load in
  // about 0.8 s instead of 2 s at every start (docs/decisions/019). Emotion stays shared (external).
  serverDependenciesToBundle: [/^@chakra-ui\//, /^@ark-ui\//, /^@zag-js\//, /^@pandacss\//, /^@internationalized\//, /^@floating-ui\//, /^proxy-compare$/, /^@swc\/helpers/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
