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
          <List.Item>CSV, TSV, TXT and Excel (.xlsx, .xls) names are accepted on every upload page, and each file is checked by its content: text with columns or an .xlsx workbook is read; an old binary .xls workbook (Excel 97-2003) must be saved as .xlsx or CSV first.</List.Item>
          <List.Item>If a file's type cannot be recognised, check it has its header row (e.g. export from SE16 with column names).</List.Item>
        </List>
      </Card>
    </Stack>
  );
}
