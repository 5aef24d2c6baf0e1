// Where a sign-in may send a person (issue 9 item 1): only a same-site path, and for returning after a
// sign-in only a portal page of the person's own role type (app/utils/session.server.ts).
import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPath, safeRedirect } from '../../app/utils/session.server';

describe('safeRedirect', () => {
  it('keeps a same-site path with its query and fragment', () => {
    expect(safeRedirect('/org/applications?status=DRAFT&page=2')).toBe('/org/applications?status=DRAFT&page=2');
    expect(safeRedirect('/org/applications?q=a%2Fb#results')).toBe('/org/applications?q=a%2Fb#results');
    expect(safeRedirect('/state/dashboard')).toBe('/state/dashboard');
  });

  it.each([
    ['another host, protocol-relative', '//evil.example/org/dashboard'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash later in the path', '/org\\..\\\\evil.example'],
    ['a scheme', 'https://evil.example/org/dashboard'],
    ['javascript:', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['no leading slash', 'org/dashboard'],
    ['a tab browsers drop ("//" after it)', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded slash after the first', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['an empty segment after a dot', '/.//evil.example'],
    ['an empty segment inside the path', '/org//evil.example'],
    ['a broken escape', '/org/%E0%A4%A'],
    ['an empty value', ''],
    ['far too long', `/org/applications?q=${'x'.repeat(3000)}`],
  ])('refuses %s', (_what, path) => {
    expect(safeRedirect(path, 'FALLBACK')).toBe('FALLBACK');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirect(null, '/x')).toBe('/x');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
    expect(safeRedirect(new File(['x'], '/org/dashboard'), '/x')).toBe('/x');
  });
});

describe('returnPath', () => {
  it("keeps a portal page, for the person's role type when it is known", () => {
    expect(returnPath('/org/applications?status=SUBMITTED_ANY&page=2')).toBe('/org/applications?status=SUBMITTED_ANY&page=2');
    expect(returnPath('/org/applications?status=DRAFT', 'org')).toBe('/org/applications?status=DRAFT');
    expect(returnPath('/state/dashboard', 'state')).toBe('/state/dashboard');
    expect(returnPath('/org', 'org')).toBe('/org');
  });

  it("drops another role type's page (the dashboard is used instead)", () => {
    expect(returnPath('/state/dashboard', 'org')).toBeNull();
    expect(returnPath('/org/applications', 'state')).toBeNull();
  });

  it('drops the sign-in pages themselves, other areas and unsafe paths', () => {
    for (const path of ['/org/login', '/state/login?x=1', '/org/sign-up', '/org/select-organization', '/org/login/']) {
      expect(returnPath(path), path).toBeNull();
    }
    for (const path of ['/', '/logout', '/resources/keepalive', '/organization', '/orgx/dashboard', '//evil.example/org', '/org/../\\evil']) {
      expect(returnPath(path), path).toBeNull();
    }
  });
});

describe('loginPathFor', () => {
  it('remembers a page being read, without the data request markers of a client navigation', () => {
    expect(loginPathFor(new Request('http://portal.test/org/applications?status=DRAFT&page=2'))).toBe(
      '/org/login?redirectTo=%2Forg%2Fapplications%3Fstatus%3DDRAFT%26page%3D2',
    );
    expect(loginPathFor(new Request('http://portal.test/org/applications.data?status=DRAFT&_routes=routes%2Forg'))).toBe(
      '/org/login?redirectTo=%2Forg%2Fapplications%3Fstatus%3DDRAFT',
    );
    expect(loginPathFor(new Request('http://portal.test/state/dashboard'), '/state/login')).toBe('/state/login?redirectTo=%2Fstate%2Fdashboard');
  });

  it("sends a signed-out /state/… page to the state's own sign-in, remembering it (issue 41 item 9)", () => {
    expect(loginPathFor(new Request('http://portal.test/state/applications?q=GA-'))).toBe('/state/login?redirectTo=%2Fstate%2Fapplications%3Fq%3DGA-');
    expect(loginPathFor(new Request('http://portal.test/state/applications.data?q=GA-&_routes=routes%2Fstate'))).toBe(
      '/state/login?redirectTo=%2Fstate%2Fapplications%3Fq%3DGA-',
    );
    expect(loginPathFor(new Request('http://portal.test/state'))).toBe('/state/login?redirectTo=%2Fstate');
    expect(loginPathFor(new Request('http://portal.test/state/users', { method: 'POST' }))).toBe('/state/login');
    // Only the state's own paths: a path that merely starts with the letters is not one.
    expect(loginPathFor(new Request('http://portal.test/statements'))).toBe('/org/login');
  });

  it('remembers nothing for a post, or for a page that is not a portal page', () => {
    expect(loginPathFor(new Request('http://portal.test/org/organization-profile', { method: 'POST' }))).toBe('/org/login');
    expect(loginPathFor(new Request('http://portal.test/resources/unread'))).toBe('/org/login');
  });
});
