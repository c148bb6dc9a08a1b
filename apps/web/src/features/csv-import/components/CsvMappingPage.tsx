import { type CsvPreview, IMPORT_FIELDS, type ImportField, type SessionInfo } from '@argo/contract';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageLoader } from '../../../components/PageLoader';
import { SessionLoadError } from '../../../components/SessionGoneAlert';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { sessionInfoQueryOptions } from '../../../lib/session-api';
import { useConfirmMapping } from '../api';
import { FIELD_LABELS, type FullMapping, headerOptions, readStoredImport } from '../mapping';
import { FilePreviewTable, MappedPreviewTable } from './PreviewTables';

const NOT_IMPORTED = '__none__';
const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/** /csv-mapping?session_id: check the uploaded file, correct the automatic column mapping, import. */
export function CsvMappingPage({ sessionId }: { sessionId?: string | undefined }) {
  if (!sessionId) {
    return (
      <Alert color="yellow" variant="light" title="No upload to map">
        Upload a CSV file on the <AnchorLink to="/">start page</AnchorLink> first.
      </Alert>
    );
  }
  return <MappingLoader sessionId={sessionId} />;
}

function MappingLoader({ sessionId }: { sessionId: string }) {
  const info = useQuery(sessionInfoQueryOptions(sessionId, false));
  if (info.isPending) return <PageLoader />;
  if (info.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>Map the columns</Title>
        <SessionLoadError
          title="The upload could not be loaded"
          error={info.error}
          onRetry={() => void info.refetch()}
          isRetrying={info.isFetching}
        />
        <Group>
          <ButtonLink to="/" variant="default">
            Upload a file
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  const session = info.data;
  if (session.type !== 'import') {
    return (
      <NotMappable session={session} message="This session is not a CSV import: it has no columns to map." />
    );
  }
  if (session.status !== 'draft') {
    return (
      <NotMappable
        session={session}
        message="The columns of this file are mapped already and its import has started."
      />
    );
  }
  return <MappingForm session={session} />;
}

function NotMappable({ session, message }: { session: SessionInfo; message: string }) {
  const isActive = session.status === 'queued' || session.status === 'running';
  return (
    <Stack gap="md">
      <Title order={1}>{session.name}</Title>
      <Alert color="blue" variant="light" title="Nothing to map">
        <Text size="sm" mb="sm">
          {message}
        </Text>
        <ButtonLink
          to={isActive ? (session.type === 'import' ? '/processing' : '/discovery-processing') : '/results'}
          search={{ session_id: session.id }}
          size="xs"
        >
          {isActive ? 'See its progress' : 'See its results'}
        </ButtonLink>
      </Alert>
    </Stack>
  );
}

function MappingForm({ session }: { session: SessionInfo }) {
  const navigate = useNavigate();
  const stored = readStoredImport(session.input);
  const [mapping, setMapping] = useState<FullMapping>(stored.mapping);
  const confirm = useConfirmMapping(session.id);
  const preview = stored.preview;

  if (!preview) {
    return (
      <Stack gap="md">
        <Title order={1}>{session.name}</Title>
        <Alert color="red" variant="light" title="The preview of this file is not available" role="alert">
          Upload the file again on the <AnchorLink to="/">start page</AnchorLink>.
        </Alert>
      </Stack>
    );
  }

  const headers = headerOptions(preview);
  const options = [
    { value: NOT_IMPORTED, label: '— not imported —' },
    ...headers.map((header) => ({ value: header, label: header })),
  ];
  const hasName = mapping.name !== null;
  const rowCount = preview.row_count;
  const submitError = confirm.error ? describeMappingError(confirm.error) : null;

  const setField = (field: ImportField, header: string | null) =>
    setMapping((current) => ({ ...current, [field]: header === NOT_IMPORTED ? null : header }));

  const submit = () => {
    if (!hasName) return;
    confirm.mutate(mapping, {
      onSuccess: (started) =>
        void navigate({ to: '/processing', search: { session_id: started.id }, replace: true }),
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Map the columns</Title>
        <Text c="dimmed" size="sm">
          {stored.fileName ?? session.name} · {rowCount.toLocaleString('en-US')}{' '}
          {rowCount === 1 ? 'row' : 'rows'} · {DELIMITER_NAMES[preview.delimiter] ?? preview.delimiter}{' '}
          separated · {preview.encoding}
        </Text>
      </div>

      <UnreadableRows preview={preview} />

      <Paper withBorder p="md" component="section" aria-labelledby="mapping-fields">
        <Title order={2} size="h4" id="mapping-fields">
          Which column holds what
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          We matched the columns by their headers. Correct any that are wrong; the business name is required.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          {IMPORT_FIELDS.map((field) => (
            <Select
              key={field}
              label={FIELD_LABELS[field]}
              required={field === 'name'}
              data={options}
              value={mapping[field] ?? NOT_IMPORTED}
              onChange={(value) => setField(field, value)}
              allowDeselect={false}
              searchable
              error={field === 'name' && !hasName ? 'Choose the column with the business names' : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </SimpleGrid>
      </Paper>

      <MappedPreviewTable preview={preview} mapping={mapping} />

      {submitError && (
        <Alert color="red" variant="light" role="alert" title="The import did not start">
          {submitError}
        </Alert>
      )}
      <Group justify="space-between">
        <AnchorLink to="/" size="sm">
          Upload a different file
        </AnchorLink>
        <Button
          size="md"
          leftSection={<IconFileImport size={18} />}
          onClick={submit}
          disabled={!hasName}
          loading={confirm.isPending}
        >
          Import {rowCount.toLocaleString('en-US')} {rowCount === 1 ? 'row' : 'rows'}
        </Button>
      </Group>

      <FilePreviewTable preview={preview} mapping={mapping} />
    </Stack>
  );
}

/**
 * Rows the upload could not read (an unclosed quote swallows the lines after it), told before the import starts:
 * the file can be mended and uploaded again, or imported without them (they are listed as not imported).
 */
function UnreadableRows({ preview }: { preview: CsvPreview }) {
  const listed = preview.unreadable_rows ?? [];
  const count = Math.max(preview.unreadable_count ?? 0, listed.length);
  if (count === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      title={
        count === 1
          ? '1 row of this file cannot be read'
          : `${count.toLocaleString('en-US')} rows of this file cannot be read`
      }
    >
      <Stack gap={4}>
        {listed.map((row) => (
          <Text size="sm" key={row.line}>
            Line {row.line.toLocaleString('en-US')}: {row.reason}.
          </Text>
        ))}
        {count > listed.length && (
          <Text size="sm">and {(count - listed.length).toLocaleString('en-US')} more.</Text>
        )}
        <Text size="sm">
          Mend the file and <AnchorLink to="/">upload it again</AnchorLink>, or import the rest: these rows
          will be listed as not imported.
        </Text>
      </Stack>
    </Alert>
  );
}

function describeMappingError(error: unknown): string {
  if (isApiError(error, 409)) {
    return `${readErrorDetail(error.data).message ?? error.message}. Reload the page to see where the import stands.`;
  }
  if (isApiError(error, 400)) return readErrorDetail(error.data).message ?? error.message;
  return error instanceof Error ? error.message : 'The import could not be started. Try again.';
}
