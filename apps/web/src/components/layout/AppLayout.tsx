import {
  Anchor,
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconHome,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconRadar,
  IconRocket,
  IconSettings,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouterNavLink } from '../links';
import classes from './AppLayout.module.css';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { Logo } from './Logo';

export interface AppLayoutUser {
  name: string;
  email: string;
  isAdmin: boolean;
  accountName?: string | undefined;
}

const NAV_ITEMS = [
  { to: '/', label: 'Home', icon: IconHome, adminOnly: false },
  { to: '/landing', label: 'Dashboard', icon: IconLayoutDashboard, adminOnly: false },
  { to: '/sessions', label: 'Sessions', icon: IconListDetails, adminOnly: false },
  { to: '/ventures', label: 'Ventures', icon: IconRocket, adminOnly: false },
  { to: '/signals', label: 'Signals', icon: IconRadar, adminOnly: false },
  { to: '/users', label: 'Users', icon: IconUsers, adminOnly: true },
  { to: '/settings', label: 'Settings', icon: IconSettings, adminOnly: false },
] as const;

function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

function UserMenu({ user }: { user: AppLayoutUser }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by its content (initials, name, then "Account menu"): an aria-label that left out the visible
            name would fail axe's label-content-name-mismatch. */}
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="argo" radius="xl" size="md">
              {initials(user.name, user.email)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {user.name || user.email}
            </Text>
            <IconChevronDown size={14} />
            <VisuallyHidden>Account menu</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)" truncate>
            {user.email}
          </Text>
          {user.accountName && (
            <Text size="xs" c="dimmed" truncate>
              {user.accountName}
            </Text>
          )}
        </Menu.Label>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate({ to: '/profile' })}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate({ to: '/settings' })}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => navigate({ to: '/logout' })}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The frame of every signed-in screen: header, navigation, content. */
export function AppLayout({ user, children }: { user: AppLayoutUser; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        {/* The first stop of the keyboard: past the header and the navigation (WCAG 2.4.1). */}
        <Anchor
          href="#main"
          className={classes.skipLink}
          onClick={(event) => {
            // Focus the content without a "#main" in the address (the router owns it).
            event.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          Skip to content
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            {/* Named by its visible text (axe: label-content-name-mismatch). */}
            <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }}>
              <Logo withTagline />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          {NAV_ITEMS.filter((item) => !item.adminOnly || user.isAdmin).map(({ to, label, icon: Icon }) => (
            <RouterNavLink
              key={to}
              to={to}
              label={label}
              leftSection={<Icon size={18} stroke={1.5} />}
              activeOptions={{ exact: to === '/' }}
              activeProps={{ active: true }}
              onClick={close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
