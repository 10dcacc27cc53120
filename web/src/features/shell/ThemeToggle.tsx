import { Switch, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Light/dark switch; Mantine keeps the choice under localStorage 'theme' (default: system). */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  return (
    <Switch
      label="Dark mode"
      checked={computed === 'dark'}
      onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
      onLabel={<IconMoon size={14} aria-hidden />}
      offLabel={<IconSun size={14} aria-hidden />}
    />
  );
}
