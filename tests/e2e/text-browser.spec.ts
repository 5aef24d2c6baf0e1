// Issue 9 item 22: a journey in a real text browser that never had any JavaScript. lynx, driven by the keys a person
// presses (-cmd_script), signs in with the code from the development outbox, opens the new-application form and
// creates an application; the server's answers are read back through the API. Decision 025.
import { test, expect } from '@playwright/test';
import { runLynx, startCookieProxy, typed } from './text-browser-proxy';

const PROXY_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;

test('lynx signs in with the emailed code and creates an application (issue 9 item 22)', async ({ request, baseURL }) => {
  test.skip(test.info().project.name !== 'js-off', 'A text browser never runs script: once, in the JavaScript-off run.');
  test.setTimeout(90_000);
  // A fresh organization: one of its own, so sign-in goes straight to its dashboard and its list starts empty.
  const email = `lynx.${Date.now()}@example.org`;
  const signup = await request.post('/api/v1/organization/signup', {
    data: { legalName: 'Lynx Rural Net', firstName: 'Lee', lastName: 'Lynx', email },
  });
  expect(signup.status()).toBe(201);

  const proxy = await startCookieProxy(baseURL!, PROXY_PORT);
  try {
    // Email step: the field is current when the page opens; Enter activates it, Enter leaves it for Send code.
    await runLynx(`${proxy.origin}/org/login`, ['^J', ...typed(email), '^J', '^J'], proxy.cookies);
    expect(proxy.pages.map((p) => p.url)).toContain('/org/login?step=code');
    const messages = (await (await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const code = /code is (\d{6})/.exec(messages[0]!.text)![1]!;

    // The same browser, reopened with its session cookie: the code, Sign in, then the new-application form
    // (G, its address, as a person types one), both selects from their option lists, Create application.
    const screen = await runLynx(
      `${proxy.origin}/org/login?step=code`,
      [
        '^J', ...typed(code), '^J', '^J',
        'g', ...typed(`${proxy.origin}/org/applications?new=1`), '^J',
        '/', ...typed('area'), '^J', '^J', 'Down Arrow', '^J',
        '/', ...typed('Technology'), '^J', '^J', 'Down Arrow', '^J',
        // The search lands on the line's first control (Cancel); the next one is Create application.
        '/', ...typed('Create'), '^J', 'Down Arrow', '^J',
      ],
      proxy.cookies,
    );
    const seen = proxy.pages.map((p) => `${p.status} ${p.url}`);
    expect(seen).toContain('200 /org/dashboard');
    const form = proxy.pages.find((p) => /\/bead-applcn\/GA-/.test(p.url));
    expect(form, `pages lynx opened: ${seen.join(', ')}\n${screen.slice(-2000)}`).toBeDefined();
    expect(form!.status).toBe(200);
    const id = form!.url.split('/').pop()!.split(/[?#]/)[0]!;

    // The server holds it: the organization's list page, read with the session lynx kept.
    const cookie = [...proxy.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const list = await request.get(`${proxy.origin}/org/applications`, { headers: { cookie } });
    expect(await list.text()).toContain(id);
  } finally {
    await proxy.close();
  }
});
