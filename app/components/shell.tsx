// The signed-in frame: top bar, side menu (spec 2), main region. Every control works without JavaScript.
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, useFetcher, useLocation } from '@remix-run/react';
import { Badge, Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Icon } from './icons';
import { useHydrated } from '../utils/use-hydrated';
import { IdleWatcher } from './idle-watcher';
import { ChakraPage } from './chakra-page';
import { selectedMenuPath, type MenuEntry } from '../../domain/menu';
import { roleLabel } from '../../domain/roles';
import type { ShellData } from '../utils/shell.server';

const OPEN_WIDTH = '15rem';
const CLOSED_WIDTH = '4.25rem';

export function Shell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const [menu, setMenu] = useState(shell.menuPreference);
  useEffect(() => setMenu(shell.menuPreference), [shell.menuPreference]);
  const selected = selectedMenuPath(location.pathname);
  const unread = useUnreadCount(shell.unread);

  return (
    <ChakraPage>
    <Box minH="100vh" bg="bg.subtle">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Flex
        as="header"
        align="center"
        gap={{ base: 2, md: 4 }}
        px={{ base: 2, md: 4 }}
        h="4rem"
        bg="brand.solid"
        color="brand.contrast"
        position="sticky"
        top={0}
        zIndex={10}
      >
        <MenuToggle menu={menu} here={here} onToggle={setMenu} />
        <Text fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }} display={{ base: 'none', md: 'block' }} whiteSpace="nowrap">
          Broadband Grants Portal
        </Text>
        {shell.roleType === 'org' && shell.organization ? (
          <OrganizationSwitcher shell={shell} here={here} />
        ) : null}
        <Box flex="1" />
        <HStack gap={{ base: 1, md: 2 }}>
          <Button asChild variant="ghost" color="inherit" size="sm" _hover={{ bg: 'whiteAlpha.200' }}>
            <a href={shell.helpUrl} target="_blank" rel="noreferrer">
              <Icon name="help" />
              <span>Help</span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </Button>
          {shell.unread !== null ? (
            <Button asChild variant="ghost" color="inherit" size="sm" _hover={{ bg: 'whiteAlpha.200' }}>
              <Link
                to={`/${shell.roleType}/messages`}
                aria-label={unread ? `Messages, ${unread} unread` : 'Messages'}
                data-testid="messages-button"
              >
                <Icon name="mail" />
                <Box as="span" display={{ base: 'none', md: 'inline' }}>
                  Messages
                </Box>
                {unread ? (
                  <Badge bg="orange.300" color="gray.900" borderRadius="full" data-testid="unread-badge">
                    {unread}
                  </Badge>
                ) : null}
              </Link>
            </Button>
          ) : null}
          <ThemeSwitch theme={shell.theme} here={here} />
          <Box textAlign="right" lineHeight="short" pl={2} data-testid="current-user">
            <Text fontWeight="semibold" fontSize="sm">
              {shell.user.fullName}
            </Text>
            <Text fontSize="xs" opacity={0.9} data-testid="current-role">
              {roleLabel(shell.user.role)}
            </Text>
          </Box>
        </HStack>
      </Flex>
      <Flex align="stretch">
        <SideMenu items={shell.menu} selected={selected} menu={menu} />
        <Box as="main" id="main" tabIndex={-1} flex="1" minW={0} p={{ base: 4, md: 8 }} outline="none">
          {children}
        </Box>
      </Flex>
      <IdleWatcher />
    </Box>
    </ChakraPage>
  );
}

function MenuToggle({ menu, here, onToggle }: { menu: ShellData['menuPreference']; here: string; onToggle: (m: 'open' | 'collapsed') => void }) {
  const fetcher = useFetcher();
  // 'auto' looks open on large screens and collapsed on small ones; each size gets the toggle that fits it.
  const variants: { next: 'open' | 'collapsed'; display: Record<string, string> }[] =
    menu === 'auto'
      ? [
          { next: 'collapsed', display: { base: 'none', lg: 'inline-flex' } },
          { next: 'open', display: { base: 'inline-flex', lg: 'none' } },
        ]
      : [{ next: menu === 'open' ? 'collapsed' : 'open', display: { base: 'inline-flex' } }];
  return (
    <>
      {variants.map(({ next, display }) => (
        <fetcher.Form
          key={next}
          method="post"
          action="/resources/preferences"
          style={{ display: 'contents' }}
          onSubmit={() => onToggle(next)}
        >
          <input type="hidden" name="intent" value="menu" />
          <input type="hidden" name="value" value={next} />
          <input type="hidden" name="redirectTo" value={here} />
          <Button
            type="submit"
            variant="ghost"
            color="inherit"
            size="sm"
            display={display}
            aria-controls="side-menu"
            aria-expanded={next === 'collapsed'}
            aria-label={next === 'collapsed' ? 'Collapse menu' : 'Expand menu'}
            _hover={{ bg: 'whiteAlpha.200' }}
            _expanded={{ bg: 'transparent' }}
          >
            <Icon name="menu" />
          </Button>
        </fetcher.Form>
      ))}
    </>
  );
}

function OrganizationSwitcher({ shell, here }: { shell: ShellData; here: string }) {
  const hydrated = useHydrated();
  if (shell.organizations.length <= 1) {
    return (
      <Text fontSize="sm" fontWeight="medium" data-testid="organization-name" truncate>
        {shell.organization?.name}
      </Text>
    );
  }
  return (
    <Form method="post" action="/resources/organization" reloadDocument>
      <input type="hidden" name="redirectTo" value={here} />
      <HStack gap={2}>
        <label htmlFor="organization-switcher" className="visually-hidden">
          Organization
        </label>
        <select
          id="organization-switcher"
          name="organizationId"
          defaultValue={shell.organization?.id}
          data-testid="organization-switcher"
          onChange={(e) => hydrated && e.currentTarget.form?.requestSubmit()}
          style={{
            maxWidth: '16rem',
            padding: '0.35rem 0.5rem',
            borderRadius: '0.375rem',
            color: '#0b2e19',
            background: '#ffffff',
            border: '1px solid #a9d8b6',
            fontSize: '0.875rem',
          }}
        >
          {shell.organizations.map((o) => (
            <option key={o.id} value={o.id} disabled={!o.active}>
              {o.name}
              {o.active ? '' : ' (inactive)'}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <Button type="submit" size="xs" variant="outline" color="inherit" borderColor="whiteAlpha.700">
            Switch
          </Button>
        )}
      </HStack>
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
      <Button
        type="submit"
        variant="ghost"
        color="inherit"
        size="sm"
        aria-label={`Switch to ${next} theme`}
        data-testid="theme-switch"
        _hover={{ bg: 'whiteAlpha.200' }}
      >
        <Icon name={next === 'dark' ? 'moon' : 'sun'} />
      </Button>
    </fetcher.Form>
  );
}

function SideMenu({ items, selected, menu }: { items: MenuEntry[]; selected: string; menu: ShellData['menuPreference'] }) {
  const width = menu === 'open' ? OPEN_WIDTH : menu === 'collapsed' ? CLOSED_WIDTH : { base: CLOSED_WIDTH, lg: OPEN_WIDTH };
  const labelClass = menu === 'open' ? undefined : menu === 'collapsed' ? 'visually-hidden' : 'menu-label-auto';
  return (
    <Box
      as="nav"
      id="side-menu"
      aria-label="Main menu"
      data-menu={menu}
      w={width}
      flexShrink={0}
      bg="bg"
      borderRightWidth="1px"
      minH="calc(100vh - 4rem)"
      position="sticky"
      top="4rem"
      alignSelf="flex-start"
      display="flex"
      flexDirection="column"
      py={3}
    >
      <Box as="ul" listStyleType="none" m={0} p={0} flex="1">
        {items.map((item) => {
          const current = item.path === selected;
          return (
            <Box as="li" key={item.path} px={2} py={0.5}>
              <Link
                to={item.path}
                aria-current={current ? 'page' : undefined}
                title={item.label}
                style={{ display: 'block', borderRadius: '0.375rem' }}
              >
                <Flex
                  align="center"
                  gap={3}
                  px={3}
                  py={2}
                  borderRadius="md"
                  bg={current ? 'brand.muted' : undefined}
                  color={current ? 'brand.fg' : 'fg'}
                  fontWeight={current ? 'semibold' : 'normal'}
                  _hover={{ bg: 'brand.subtle' }}
                >
                  <Icon name={item.icon} />
                  <span className={labelClass}>{item.label}</span>
                </Flex>
              </Link>
            </Box>
          );
        })}
      </Box>
      <Box px={2} pt={3} borderTopWidth="1px">
        <Form method="post" action="/logout">
          <Button type="submit" variant="ghost" width="full" justifyContent="flex-start" gap={3} px={3} title="Log Out">
            <Icon name="logout" />
            <span className={labelClass}>Log Out</span>
          </Button>
        </Form>
      </Box>
    </Box>
  );
}

/** With JavaScript the unread badge refreshes every minute; without it, on every page load. */
function useUnreadCount(initial: number | null): number | null {
  const fetcher = useFetcher<{ total: number | null }>();
  useEffect(() => {
    if (initial === null) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') fetcher.load('/resources/unread');
    }, 60_000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial === null]);
  return fetcher.data?.total ?? initial;
}
