import { Alert } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { NO_RECORDS_MESSAGE, NO_RECORDS_TITLE } from './risk.ts';

/** Says plainly that an analysis read no records (DECISIONS 11: never "Clean"), or why it is No data (`reason`: tickets alone). */
export function NoRecordsNotice({ reason }: { reason?: string } = {}) {
  return (
    <Alert color="gray" variant="light" title={NO_RECORDS_TITLE} icon={<IconDatabaseOff size={20} aria-hidden />} data-testid="no-records-notice">
      {reason ? `No data: ${reason}.` : NO_RECORDS_MESSAGE}
    </Alert>
  );
}
