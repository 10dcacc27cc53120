import { useId } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { PROMPT_MAX_LENGTH, PROMPT_WARN_LENGTH, promptLengthState } from './prompts.ts';

interface PromptFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  description?: string;
}

/** A prompt textarea limited to 2000 characters, with a counter that warns above 1800. */
export function PromptField({ label, value, onChange, placeholder, disabled, description }: PromptFieldProps) {
  const counterId = useId();
  const state = promptLengthState(value);
  const counterColor = state === 'ok' ? 'dimmed' : state === 'warning' ? 'orange' : 'red';
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        description={description}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        rows={5}
        resize="vertical"
        maxLength={PROMPT_MAX_LENGTH}
        aria-describedby={counterId}
        // Pasted text past the limit is cut here rather than refused later by the server.
        onChange={(e) => onChange(e.currentTarget.value.slice(0, PROMPT_MAX_LENGTH))}
      />
      <Text id={counterId} size="xs" c={counterColor} ta="right" data-counter-state={state}>
        {value.length} / {PROMPT_MAX_LENGTH} characters
        {state === 'warning' ? ` - close to the limit (warns above ${PROMPT_WARN_LENGTH})` : ''}
      </Text>
    </Stack>
  );
}
