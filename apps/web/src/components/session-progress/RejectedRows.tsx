import type { RejectedRow } from '@argo/contract';
import { Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { ImportReportButton } from '../ImportReportButton';

const REJECTED_ROWS_SHOWN = 50;

interface RejectedRowsProps {
  sessionId: string;
  rows: readonly RejectedRow[];
  /** Every rejected row of the file; the list may hold only the first ones. */
  total: number;
}

/** The CSV rows the import refused, with their line numbers and why. */
export function RejectedRows({ sessionId, rows, total }: RejectedRowsProps) {
  if (total === 0) return null;
  const shown = rows.slice(0, REJECTED_ROWS_SHOWN);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rejected-rows">
      <Title order={2} size="h4" id="rejected-rows">
        {total === 1 ? '1 row was not imported' : `${total.toLocaleString('en-US')} rows were not imported`}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Fix these lines in the file and import it again to add them; every other row was kept.
        {total > shown.length && ` The first ${shown.length} are listed.`}
      </Text>
      {total > shown.length && (
        <Group gap="xs" mb="sm">
          <ImportReportButton sessionId={sessionId} />
        </Group>
      )}
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder aria-label="Rejected rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Line</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={`${row.line}-${row.reason}`}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}
