import { Button, Group } from '@mantine/core';
import { sanitizeMarkup } from './sanitize-markup.ts';

export interface ToastBodyAction {
  label: string;
  onClick: () => void;
}

/** Sanitised toast text plus its action buttons. */
export function ToastBody({ message, actions, color }: { message: string; actions?: ToastBodyAction[]; color: string }) {
  return (
    <>
      {/* Mantine dims notification text below the WCAG AA contrast ratio; use the body text colour. */}
      <span data-toast-text="" style={{ color: 'var(--mantine-color-text)' }}>
        {sanitizeMarkup(message)}
      </span>
      {actions && actions.length > 0 && (
        <Group gap="xs" mt="xs">
          {actions.map((a) => (
            <Button key={a.label} size="compact-xs" variant="light" color={color} onClick={a.onClick}>
              {a.label}
            </Button>
          ))}
        </Group>
      )}
    </>
  );
}
