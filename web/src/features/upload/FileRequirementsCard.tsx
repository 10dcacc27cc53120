import { Card, List, Text } from '@mantine/core';

export function FileRequirementsCard() {
  return (
    <Card withBorder component="section" aria-labelledby="file-requirements-title">
      <Text id="file-requirements-title" fw={600} mb="xs">
        File Requirements
      </Text>
      <List spacing={4} size="sm">
        <List.Item>
          <b>SM20</b>: Security Audit Log export (user, transaction, date, time, terminal, message).
        </List.Item>
        <List.Item>
          <b>CDHDR</b>: change document headers (object class, change number, user, date, time, transaction).
        </List.Item>
        <List.Item>
          <b>CDPOS</b>: change document items (table, field, change indicator, old and new values).
        </List.Item>
        <List.Item>CSV, TSV, TXT or Excel (.xlsx; an .xls that is really text, as SAP saves it, too), up to 100MB per file, on every upload page. What a file is, is read from its content, not its name.</List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="xs">
        File types are detected automatically by their content.
      </Text>
    </Card>
  );
}
