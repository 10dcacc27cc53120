import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import type { Accept } from './file-rules.ts';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { MAX_FILE_BYTES } from './file-rules.ts';

/** Drag-and-drop or click area shared by single and multi upload. */
export function FileDropArea({
  accept,
  disabled,
  onDrop,
  onReject,
  hint,
}: {
  accept: Accept;
  disabled?: boolean;
  onDrop: (files: FileWithPath[]) => void;
  onReject: (rejections: FileRejection[]) => void;
  hint: string;
}) {
  return (
    <Dropzone
      accept={accept}
      maxSize={MAX_FILE_BYTES}
      multiple
      disabled={disabled}
      onDrop={onDrop}
      onReject={onReject}
      aria-label="Drop files here or click to select files"
      inputProps={{ 'aria-label': 'Choose files to upload' }}
      style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
    >
      <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={48} color="var(--mantine-color-blue-6)" aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={48} color="var(--mantine-color-red-6)" aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={48} color="var(--mantine-color-dimmed)" aria-hidden />
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text size="lg">Drag files here or click to select</Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
