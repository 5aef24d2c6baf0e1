// A build that cannot be loaded, for tests/unit/render-threads.test.ts.
throw new Error('no build here');
