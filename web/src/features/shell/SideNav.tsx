import { Box, Button, Divider, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { IconLogout, IconUserShield } from '@tabler/icons-react';
import { ThemeToggle } from './ThemeToggle.tsx';
import { visibleNavItems } from './nav-items.ts';

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function SideNav({ groups, onNavigate, onLogout }: { groups: string[]; onNavigate?: () => void; onLogout: () => void }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Stack h="100%" justify="space-between" gap="sm">
      <Box component="nav" aria-label="Main navigation" style={{ overflowY: 'auto' }}>
        {visibleNavItems(groups).map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={18} aria-hidden />}
            active={isActive(pathname, item.to)}
            variant="filled"
            onClick={onNavigate}
          />
        ))}
      </Box>
      <Stack gap="sm">
        <Divider />
        <NavLink
          component={Link}
          to="/security"
          label="Account Security"
          leftSection={<IconUserShield size={18} aria-hidden />}
          active={isActive(pathname, '/security')}
          variant="filled"
          onClick={onNavigate}
        />
        <ThemeToggle />
        <Button variant="light" color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Logout
        </Button>
      </Stack>
    </Stack>
  );
}
