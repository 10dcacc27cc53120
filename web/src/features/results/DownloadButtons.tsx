import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import type { AnalysisResult } from '../../api/types.ts';

/** Excel (multi-sheet) and CSV (combined) downloads, or one generic link. */
export function DownloadButtons({ result, genericLabel = 'Download Analyzed Data' }: { result: AnalysisResult; genericLabel?: string }) {
  const { excelDownloadUrl, csvDownloadUrl, downloadUrl } = result;
  if (!excelDownloadUrl && !csvDownloadUrl) {
    if (!downloadUrl) return <Text c="dimmed">No downloads available.</Text>;
    return (
      <Button component="a" href={downloadUrl} download leftSection={<IconDownload size={16} aria-hidden />}>
        {genericLabel}
      </Button>
    );
  }
  return (
    <Group>
      {excelDownloadUrl && (
        <Button component="a" href={excelDownloadUrl} download leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
          Excel (multi-sheet)
        </Button>
      )}
      {csvDownloadUrl && (
        <Button component="a" href={csvDownloadUrl} download variant="light" leftSection={<IconFileText size={16} aria-hidden />}>
          CSV (combined)
        </Button>
      )}
    </Group>
  );
}
