import { Anchor, Text } from '@mantine/core';

/** The link under a two-factor step that starts the sign-in again. */
export function BackToSignIn({ onRestart }: { onRestart: (error?: string) => void }) {
  return (
    <Text size="sm" ta="center">
      <Anchor component="button" type="button" onClick={() => onRestart()}>
        Back to sign in
      </Anchor>
    </Text>
  );
}
