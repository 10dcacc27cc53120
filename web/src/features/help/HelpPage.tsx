import { useEffect } from 'react';
import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { FileRequirementsCard } from '../upload/FileRequirementsCard.tsx';

/** Short help; the upload errors link to #file-requirements. */
export function HelpPage() {
  const hash = useLocation({ select: (l) => l.hash });
  useEffect(() => {
    if (hash) document.getElementById(hash)?.scrollIntoView();
  }, [hash]);
  return (
    <Stack gap="lg">
      <Title order={2}>Help</Title>
      <div id="file-requirements">
        <FileRequirementsCard />
      </div>
      <Card withBorder>
        <Text fw={600} mb="xs">
          Common upload problems
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Files over 100MB are refused: export a shorter date range or split the export.</List.Item>
          <List.Item>Only CSV, Excel (.xls, .xlsx) and TXT are accepted; multi-file upload takes CSV and Excel.</List.Item>
          <List.Item>If a file's type cannot be recognised, check it has its header row (e.g. export from SE16 with column names).</List.Item>
        </List>
      </Card>
    </Stack>
  );
}
