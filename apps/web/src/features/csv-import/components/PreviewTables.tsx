import { type CsvPreview, IMPORT_FIELDS } from '@argo/contract';
import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { FIELD_LABELS, type FullMapping, mapPreviewRows } from '../mapping';

const MAPPED_ROWS = 5;
const FILE_ROWS = 10;
/** Long cells (JSON blobs, descriptions) are cut so the table stays readable. */
const CELL_CHARS = 80;

const cut = (text: string) => (text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text);

/** The first rows as they will be imported: one column per mapped field, updated as the mapping changes. */
export function MappedPreviewTable({ preview, mapping }: { preview: CsvPreview; mapping: FullMapping }) {
  const { fields, rows } = mapPreviewRows(preview, mapping, MAPPED_ROWS);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mapped-preview">
      <Title order={2} size="h4" id="mapped-preview">
        How the first rows will be imported
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Addresses, phone numbers and websites are cleaned up during the import; rows of the same business are
        merged.
      </Text>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No column is mapped yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={Math.max(480, fields.length * 140)}>
          <Table striped withTableBorder aria-label="Mapped preview">
            <Table.Thead>
              <Table.Tr>
                {fields.map((field) => (
                  <Table.Th key={field}>{FIELD_LABELS[field]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
                <Table.Tr key={index}>
                  {fields.map((field) => (
                    <Table.Td key={field}>
                      {row[field] ? (
                        cut(row[field])
                      ) : (
                        <Text span c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The file as uploaded: every column, the first rows; the mapped columns carry their field's name. */
export function FilePreviewTable({ preview, mapping }: { preview: CsvPreview; mapping: FullMapping }) {
  const fieldsOf = (header: string) => IMPORT_FIELDS.filter((field) => mapping[field] === header);
  const rows = preview.rows.slice(0, FILE_ROWS);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="file-preview">
      <Title order={2} size="h4" id="file-preview">
        Your file
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The first {rows.length} of {preview.row_count.toLocaleString('en-US')} rows, as read from the file.
      </Text>
      <Table.ScrollContainer minWidth={Math.max(600, preview.headers.length * 160)}>
        <Table striped withTableBorder withColumnBorders aria-label="File preview" fz="xs">
          <Table.Thead>
            <Table.Tr>
              {preview.headers.map((header, index) => {
                const fields = fieldsOf(header);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the column index is the key
                  <Table.Th key={index} style={{ verticalAlign: 'top' }}>
                    <Stack gap={4}>
                      <span>
                        {header || (
                          <Text span c="dimmed">
                            (no header)
                          </Text>
                        )}
                      </span>
                      {fields.map((field) => (
                        <Badge key={field} size="xs" variant="light">
                          {FIELD_LABELS[field]}
                        </Badge>
                      ))}
                    </Stack>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
              <Table.Tr key={rowIndex}>
                {preview.headers.map((_, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                  <Table.Td key={column} style={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
                    {cut(row[column] ?? '')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
