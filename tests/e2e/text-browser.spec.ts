// Issue 9 item 22: a journey in a real text browser that never had any JavaScript. lynx, driven by the keys a person
// presses (-cmd_script), signs in with the code from the development outbox, creates an application in the
// new-application form, fills two questions of a section and presses Save, then filters the list in the filter
// form; what the server kept is read back from its pages with the session lynx kept. Decision 025.
import { test, expect, signIn, ACCOUNTS } from './fixtures';
import { execFileSync } from 'node:child_process';
import { dumpPage, runLynx, startCookieProxy, typed } from './text-browser-proxy';

// lynx cannot type a space from a -cmd_script (see typed): the answer has none.
const NARRATIVE = 'Fiber-ring-from-the-county-POP-to-every-location';

test('lynx signs in, creates an application, saves a section and filters the list (issue 9 item 22)', async ({ request, baseURL }) => {
  test.skip(test.info().project.name !== 'js-off', 'A text browser never runs script: once, in the JavaScript-off run.');
  test.setTimeout(90_000);
  // A fresh organization: one of its own, so sign-in goes straight to its dashboard and its list starts empty.
  const email = `lynx.${test.info().repeatEachIndex}.${Date.now()}@example.org`;
  const signup = await request.post('/api/v1/organization/signup', {
    data: { legalName: 'Lynx Rural Net', firstName: 'Lee', lastName: 'Lynx', email },
  });
  expect(signup.status()).toBe(201);

  const proxy = await startCookieProxy(baseURL!);
  try {
    // Email step: the field is current when the page opens; Enter activates it, Enter leaves it for Send code.
    await runLynx(`${proxy.origin}/org/login`, ['^J', ...typed(email), '^J', '^J'], proxy.cookies);
    expect(proxy.pages.map((p) => p.url)).toContain('/org/login?step=code');
    const messages = (await (await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const code = /code is (\d{6})/.exec(messages[0]!.text)![1]!;

    // The same browser, reopened with its session cookie: the code, Sign in, then the new-application form
    // (G, its address, as a person types one), both selects from their option lists, Create application.
    // Whereis (/) finds a label; the current field is then the first one on that line.
    const screen = await runLynx(
      `${proxy.origin}/org/login?step=code`,
      [
        '^J', ...typed(code), '^J', '^J',
        'g', ...typed(`${proxy.origin}/org/applications?new=1`), '^J',
        '/', ...typed('area'), '^J', '^J', 'Down Arrow', '^J',
        '/', ...typed('Technology'), '^J', '^J', 'Down Arrow', '^J',
        // The search lands on the line's first control (Cancel); the next one is Create application.
        '/', ...typed('Create'), '^J', 'Down Arrow', '^J',
        // The form: the Technology section from the step list, the narrative (a textarea: Tab leaves it), the
        // download speed, Save (the one after the questions).
        '/', ...typed('Technology'), '^J', '^J',
        '/', ...typed('backhaul'), '^J', '^J', ...typed(NARRATIVE), '^I',
        '/', ...typed('Mbps'), '^J', '^J', ...typed('500'), '^J',
        '/', ...typed('save'), '^J', '^J',
        // The list's filter form: Filter, the Today radio (after Any time), Apply (after Reset).
        'g', ...typed(`${proxy.origin}/org/applications`), '^J',
        '/', ...typed('Filter'), '^J', '^J',
        '/', ...typed('Today'), '^J', 'Down Arrow', '^J',
        '/', ...typed('Apply'), '^J', 'Down Arrow', '^J',
      ],
      proxy.cookies,
    );
    const seen = proxy.pages.map((p) => `${p.status} ${p.url}`);
    expect(seen).toContain('200 /org/dashboard');
    // Issue 41: over plain http no cookie is Secure (lynx drops those, and the sign-in would come back to the form).
    expect(proxy.setCookies.length).toBeGreaterThan(0);
    expect(proxy.setCookies.filter((c) => /;\s*secure\b/i.test(c))).toEqual([]);
    const form = proxy.pages.find((p) => /\/bead-applcn\/GA-/.test(p.url));
    expect(form, `pages lynx opened: ${seen.join(', ')}\n${screen.slice(-2000)}`).toBeDefined();
    expect(form!.status).toBe(200);
    const id = form!.url.split('/').pop()!.split(/[?#]/)[0]!;

    // Save answered with the section again, saved (the POST's redirect target, read by lynx).
    const saved = proxy.pages.filter((p) => p.url === `/org/applications/bead-applcn/${id}?step=technology`).at(-1);
    expect(saved?.html, `pages lynx opened: ${seen.join(', ')}`).toContain('Section saved successfully');

    // The filtered list: the filter is in the address, and today's application is in it.
    const filtered = proxy.pages.filter((p) => p.url.startsWith('/org/applications?')).at(-1);
    expect(filtered?.url, `pages lynx opened: ${seen.join(', ')}`).toMatch(/[?&][a-zA-Z]+=today\b/i);
    expect(filtered!.html).toContain(id);

    // The server holds the answers: the section read again with the session lynx kept, and the history.
    const cookie = [...proxy.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const section = await (await request.get(`/org/applications/bead-applcn/${id}?step=technology`, { headers: { cookie } })).text();
    expect(/data-question="30"[\s\S]*?<textarea[^>]*>([^<]*)</.exec(section)?.[1]).toBe(NARRATIVE);
    expect(/data-question="32"[\s\S]*?value="([^"]*)"/.exec(section)?.[1]).toBe('500');
    const history = await (await request.get(`/org/applications/view-history/${id}`, { headers: { cookie } })).text();
    expect(history).toContain('Saved the section Technology &amp; Network Design (questions 30, 32)');
  } finally {
    await proxy.close();
  }
});

/** The link numbers a text browser puts before each link ("[16]History"), which would hide run-together names. */
const withoutLinkNumbers = (text: string) => text.replace(/\[\d+\]/g, '');
/** lynx's mark for a button ("(BUTTON) Log Out"); one with nothing after it on its line, or "[BUTTON]", has no text. */
const BARE_BUTTON = /\(BUTTON\)(?![ \t]+\S)|\[BUTTON\]/;
const ROW_ACTIONS = ['Edit', 'View', 'History', 'Cancel', 'Delete', 'Print'];
const RUN_TOGETHER = new RegExp(`(${ROW_ACTIONS.join('|')})(${ROW_ACTIONS.join('|')})`);

test('in lynx and w3m, icon-only buttons read their words and row actions stay apart (issue 9 item 20)', async ({ page, context, baseURL }) => {
  test.skip(test.info().project.name !== 'js-off', 'A text browser never runs script: once, in the JavaScript-off run.');
  // The check itself tells a name from an aria-label alone: lynx shows an icon button named only by aria-label bare.
  const ariaOnly = execFileSync('lynx', ['-dump', '-stdin', '-force_html', '-width=200'], {
    input: '<form method="post" action="/x"><button type="submit" aria-label="Collapse menu"><svg aria-hidden="true"></svg></button></form>',
    encoding: 'utf8',
  });
  expect(ariaOnly).toMatch(BARE_BUTTON);
  expect(ariaOnly).not.toContain('Collapse menu');

  await signIn(page, ACCOUNTS.orgAdmin);
  const cookies = new Map((await context.cookies()).map((c) => [c.name, c.value] as [string, string]));
  for (const path of ['/org/dashboard', '/org/applications']) {
    const lynx = dumpPage('lynx', `${baseURL}${path}`, cookies);
    const w3m = dumpPage('w3m', `${baseURL}${path}`, cookies);
    expect(lynx, `${path} in lynx`).toContain('Log Out');
    expect(lynx, `${path} in lynx: a button without text`).not.toMatch(BARE_BUTTON);
    // The header's icon-only buttons (menu toggle, theme) show their words, in both browsers; one menu toggle, not
    // one per screen size (issue 41 item 13): the menu reads open without CSS, so it is the one that collapses it.
    for (const [name, text] of [['lynx', lynx], ['w3m', w3m]] as const) {
      expect(text.match(/Collapse menu|Expand menu/g), `${path} in ${name}`).toEqual(['Collapse menu']);
      expect(text, `${path} in ${name}`).toMatch(/Switch to (dark|light) theme/);
    }
    expect(lynx).toMatch(/\(BUTTON\) Collapse menu/);
    expect(lynx).toMatch(/\(BUTTON\) Switch to (dark|light) theme/);
  }
  // A state page too, the State_Admin's.
  await signIn(page, ACCOUNTS.stateAdmin);
  const stateCookies = new Map((await context.cookies()).map((c) => [c.name, c.value] as [string, string]));
  const stateLynx = dumpPage('lynx', `${baseURL}/state/applications`, stateCookies);
  expect(stateLynx).toContain('Log Out');
  expect(stateLynx.match(/Collapse menu|Expand menu/g), '/state/applications in lynx').toEqual(['Collapse menu']);

  // The list's row actions: each on its own line (a list item), never run together ("ViewHistory").
  const lynx = withoutLinkNumbers(dumpPage('lynx', `${baseURL}/org/applications?size=50`, cookies));
  const w3m = withoutLinkNumbers(dumpPage('w3m', `${baseURL}/org/applications?size=50`, cookies));
  for (const [name, text] of [['lynx', lynx], ['w3m', w3m]] as const) {
    expect(text, `row actions run together in ${name}:\n${text}`).not.toMatch(RUN_TOGETHER);
    for (const action of ['Edit', 'View', 'History', 'Delete', 'Print']) {
      expect(text, `${action} in ${name}`).toMatch(new RegExp(`^\\s*[*•] (\\(BUTTON\\) )?${action}\\s*$`, 'm'));
    }
  }
  // A draft's four actions, one a line in order, right under its row (lynx).
  expect(lynx).toMatch(/GA-LKV001 [^\n]*\n\s*\* Edit\n\s*\* History\n\s*\* Cancel\n\s*\* Delete\n/);
});
