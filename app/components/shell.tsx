// The signed-in frame: top bar, side menu (spec 2), main region. Every control works without JavaScript.
// Plain elements with the build-time classes of app/styles/static-classes.ts (the same Chakra recipes and
// tokens): the frame of every signed-in page writes no inline styles (docs/decisions/013). No page uses a Chakra
// component, so no Chakra provider and no Chakra runtime reach the browser (decision 026). Icon-only buttons carry
// visually hidden text, so text browsers and screen readers read a name, not a bare "(BUTTON)" (issue 9 item 20).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { Form, useFetcher } from './form';
import { Link } from './link';
import { Icon } from './icons';
import { useHydrated } from '../utils/use-hydrated';
import { selectedMenuPath, type MenuEntry } from '../../domain/menu';
import { roleLabel } from '../../domain/roles';
import type { ShellData } from '../utils/shell.server';

/** The org and state layout routes' page (routes/org.tsx, routes/state.tsx): their shell around the page inside. */
export function ShellLayout() {
  const shell = useLoaderData<ShellData>();
  return (
    <Shell shell={shell}>
      <Outlet />
    </Shell>
  );
}

export function Shell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const [menu, setMenu] = useState(shell.menuPreference);
  useEffect(() => setMenu(shell.menuPreference), [shell.menuPreference]);
  const selected = selectedMenuPath(location.pathname);
  const unread = useUnreadCount(shell.unread);

  return (
    <div className="ui-frame">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="ui-header">
        <MenuToggle menu={menu} here={here} onToggle={setMenu} />
        <p className="ui-header-title">Broadband Grants Portal</p>
        {shell.roleType === 'org' && shell.organization ? <OrganizationSwitcher shell={shell} here={here} /> : null}
        <div className="ui-header-actions">
          <a href={shell.helpUrl} target="_blank" rel="noreferrer" className="ui-hbtn">
            <Icon name="help" />
            <span className="ui-label-md">Help</span>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          {shell.unread !== null ? (
            <Link
              to={`/${shell.roleType}/messages`}
              aria-label={unread ? `Messages, ${unread} unread` : 'Messages'}
              data-testid="messages-button"
              className="ui-hbtn"
            >
              <Icon name="mail" />
              <span className="ui-show-md">Messages</span>
              {unread ? (
                <span className="ui-unread" data-testid="unread-badge">
                  {unread}
                </span>
              ) : null}
            </Link>
          ) : null}{' '}
          <ThemeSwitch theme={shell.theme} here={here} />
          <div className="ui-user" data-testid="current-user">
            <p>
              {/* The account is its owner's (decision 093): their name leads to My account. */}
              <Link to={`/${shell.roleType}/account`} data-testid="my-account" title="My account">
                {shell.user.fullName}
                <span className="visually-hidden"> (My account)</span>
              </Link>
            </p>
            <p data-testid="current-role">{roleLabel(shell.user.role)}</p>
          </div>
        </div>
      </header>
      <div className="ui-body">
        <SideMenu items={shell.menu} selected={selected} menu={menu} />
        <main id="main" tabIndex={-1} className="ui-main">
          {children}
        </main>
      </div>
      <LazyIdleWatcher />
    </div>
  );
}

type IdleWatcherComponent = typeof import('./idle-watcher').IdleWatcher;

/**
 * The idle warning arrives after hydration, in its own chunk (issue 8, first-load budget): it renders nothing
 * before the first hour of inactivity, and without JavaScript the server ends the idle session by itself.
 */
function LazyIdleWatcher() {
  const [Watcher, setWatcher] = useState<IdleWatcherComponent | null>(null);
  useEffect(() => {
    let live = true;
    import('./idle-watcher').then((m) => live && setWatcher(() => m.IdleWatcher), () => {});
    return () => {
      live = false;
    };
  }, []);
  return Watcher ? <Watcher /> : null;
}

/** The side menu's large screens (app/styles/app.css, .menu-label-auto; Chakra's lg). */
const LARGE_SCREEN = '(min-width: 64em)';

/** With JavaScript, whether the screen is large (followed as it changes); null on the server and before hydration. */
function useLargeScreen(): boolean | null {
  const [large, setLarge] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia(LARGE_SCREEN);
    const update = () => setLarge(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return large;
}

/**
 * One menu toggle (issue 41 item 13: a text browser, which reads no CSS, showed both "Collapse menu" and "Expand
 * menu"). 'open' and 'collapsed' look the same at every width; 'auto' is open on large screens and collapsed on
 * small ones, 'swapped' the other way round. With JavaScript the width is known, so the toggle names what it does and
 * sends the other look. Without it (and before hydration) the server cannot know the width: the toggle swaps 'auto'
 * and 'swapped', which turns the menu over at every width; it is named for what a page without CSS shows (every
 * label: "Collapse menu") in 'auto', and for a large screen in 'swapped'.
 */
function MenuToggle({ menu, here, onToggle }: { menu: ShellData['menuPreference']; here: string; onToggle: (m: ShellData['menuPreference']) => void }) {
  const fetcher = useFetcher();
  const large = useLargeScreen();
  const fixed = menu === 'open' || menu === 'collapsed';
  const shown = fixed ? menu : large === null ? null : large === (menu === 'auto') ? 'open' : 'collapsed';
  const next: ShellData['menuPreference'] = shown === 'open' ? 'collapsed' : shown === 'collapsed' ? 'open' : menu === 'auto' ? 'swapped' : 'auto';
  const open = shown ? shown === 'open' : menu === 'auto';
  return (
    <fetcher.Form method="post" action="/resources/preferences" className="ui-contents" onSubmit={() => onToggle(next)}>
      <input type="hidden" name="intent" value="menu" />
      <input type="hidden" name="value" value={next} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="ui-hbtn" aria-controls="side-menu" aria-expanded={shown ? shown === 'open' : undefined} data-testid="menu-toggle">
        <Icon name="menu" />
        <span className="visually-hidden">{open ? 'Collapse menu' : 'Expand menu'}</span>
      </button>
    </fetcher.Form>
  );
}

function OrganizationSwitcher({ shell, here }: { shell: ShellData; here: string }) {
  const hydrated = useHydrated();
  if (shell.organizations.length <= 1) {
    return (
      <p className="ui-header-org" data-testid="organization-name">
        {shell.organization?.name}
      </p>
    );
  }
  return (
    // display: contents: the switcher itself is the header's flex item, and its select shrinks to fit a phone.
    <Form method="post" action="/resources/organization" reloadDocument className="ui-contents">
      <input type="hidden" name="redirectTo" value={here} />
      <div className="ui-header-switcher">
        <label htmlFor="organization-switcher" className="visually-hidden">
          Organization
        </label>
        <select
          id="organization-switcher"
          name="organizationId"
          defaultValue={shell.organization?.id}
          data-testid="organization-switcher"
          onChange={(e) => hydrated && e.currentTarget.form?.requestSubmit()}
          className="ui-header-select"
        >
          {shell.organizations.map((o) => (
            <option key={o.id} value={o.id} disabled={!o.active}>
              {o.name}
              {o.active ? '' : ' (inactive)'}
            </option>
          ))}
        </select>
        {/* With JavaScript a choice switches at once; the button stays, so the form has a submit button (H32). */}
        <button type="submit" className="ui-hbtn-switch">
          Switch
        </button>
      </div>
    </Form>
  );
}

function ThemeSwitch({ theme, here }: { theme: 'light' | 'dark'; here: string }) {
  const fetcher = useFetcher();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <fetcher.Form method="post" action="/resources/preferences">
      <input type="hidden" name="intent" value="theme" />
      <input type="hidden" name="value" value={next} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="ui-hbtn" data-testid="theme-switch">
        <Icon name={next === 'dark' ? 'moon' : 'sun'} />
        <span className="visually-hidden">{`Switch to ${next} theme`}</span>
      </button>
    </fetcher.Form>
  );
}

type SideMenuProps = { items: MenuEntry[]; selected: string; menu: ShellData['menuPreference'] };

/** The side menu. */
export function SideMenu(props: SideMenuProps) {
  return <SideMenuNav {...props} />;
}

export function SideMenuNav({ items, selected, menu }: SideMenuProps) {
  const labelClass = menu === 'open' ? undefined : menu === 'collapsed' ? 'visually-hidden' : `menu-label-${menu}`;
  return (
    <nav id="side-menu" aria-label="Main menu" data-menu={menu} className="ui-side">
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <Link to={item.path} aria-current={item.path === selected ? 'page' : undefined} title={item.label}>
              <Icon name={item.icon} />
              <span className={labelClass}>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="ui-side-foot">
        <Form method="post" action="/logout">
          <button type="submit" className="ui-side-logout" title="Log Out">
            <Icon name="logout" />
            <span className={labelClass}>Log Out</span>
          </button>
        </Form>
      </div>
    </nav>
  );
}

/** With JavaScript the unread badge refreshes every minute; without it, on every page load. */
function useUnreadCount(initial: number | null): number | null {
  const fetcher = useFetcher<{ total: number | null }>();
  // One read at a time: a minute whose read has not come back yet skips (a new load would abort the last one, and a
  // machine waking from sleep fires every missed minute at once).
  const idle = useRef(true);
  idle.current = fetcher.state === 'idle';
  useEffect(() => {
    if (initial === null) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible' || !idle.current) return;
      idle.current = false;
      fetcher.load('/resources/unread');
    }, 60_000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial === null]);
  return fetcher.data?.total ?? initial;
}
