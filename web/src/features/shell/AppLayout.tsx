import { useEffect, useRef } from 'react';
import { AppShell, Burger, Group, Title, Tooltip, ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconShieldCheck } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../auth/use-auth.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { SideNav } from './SideNav.tsx';
import { AnalyzingOverlay } from './AnalyzingOverlay.tsx';

/** The signed-in frame: header, collapsible side navigation, breadcrumb, page outlet. */
export function AppLayout() {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const auth = useAuth();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const content = useRef<HTMLDivElement>(null);
  // After a navigation, keyboard and screen-reader users continue in the new page's content.
  // The first page keeps the browser's own focus; only a change of path moves it.
  const focusedPath = useRef(pathname);
  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    content.current?.focus({ preventScroll: true });
  }, [pathname]);

  const logout = async () => {
    await auth.signOut();
    await navigate({ to: '/login' });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <a href="#page-content" className="skip-link">
          Skip to main content
        </a>
        <Group h="100%" px="md" gap="sm">
          <Burger opened={mobileOpened} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
          <Tooltip label={desktopOpened ? 'Collapse navigation' : 'Expand navigation'}>
            <ActionIcon
              variant="subtle"
              visibleFrom="sm"
              onClick={toggleDesktop}
              aria-label={desktopOpened ? 'Collapse navigation' : 'Expand navigation'}
              aria-expanded={desktopOpened}
            >
              {desktopOpened ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
            </ActionIcon>
          </Tooltip>
          <IconShieldCheck size={24} color="var(--mantine-color-blue-6)" aria-hidden />
          <Title order={1} size="h4">
            SAP Security Analyzer
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideNav groups={auth.user?.groups ?? []} onNavigate={closeMobile} onLogout={() => void logout()} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Breadcrumb />
        <div ref={content} id="page-content" tabIndex={-1} style={{ marginTop: 'var(--mantine-spacing-md)', outline: 'none' }}>
          <Outlet />
        </div>
        <AnalyzingOverlay />
      </AppShell.Main>
    </AppShell>
  );
}
