import { Badge, createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps primary text and links above 4.5:1 contrast on white (shade 6 is 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Honour the system's "reduce motion" setting: modals and toasts then appear and leave without fading.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  components: {
    // A badge never shrinks into "CRI…": it keeps its width, and a long label wraps instead of being cut.
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, maxWidth: 'none', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal' },
      },
    }),
  },
});

/** Dimmed text darker than Mantine's default so secondary text meets WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
