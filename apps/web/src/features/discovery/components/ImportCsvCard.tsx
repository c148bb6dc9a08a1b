import { IMPORT_UPLOAD } from '@argo/contract';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconTableImport, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { UploadAbortedError, uploadCsv } from '../api';
import { importSessionName } from '../categories';
import { StartCard } from './StartCard';

const MAX_MB = IMPORT_UPLOAD.maxBytes / (1024 * 1024);
const ACCEPT = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What went wrong with an upload, in words that say what to do (the API's own where it gives them). */
function describeUploadError(error: unknown): string {
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? error.message : 'The upload failed. Try again.';
  }
  const detail = readErrorDetail(error.data);
  let message = detail.message ?? '';
  if (detail.field && message.startsWith(`${detail.field}:`))
    message = message.slice(detail.field.length + 1).trim();
  message = message.charAt(0).toUpperCase() + message.slice(1);
  if (error.status === 413) {
    return (
      message ||
      `The file is larger than ${MAX_MB} MB. Split it into smaller files, or remove the columns you do not need, and upload again.`
    );
  }
  // The API's refusal says what is wrong with the file and what to do ("The file has 180,000 columns; Argo reads
  // at most 1,000. Remove …"): shown as it is, under the alert's "Upload failed".
  if (error.status === 400 || error.status === 415 || error.status === 422) {
    return message || 'The file could not be read as CSV.';
  }
  return error.message;
}

/** Upload a CSV (multipart, with progress) → a draft session → /csv-mapping to check the columns. */
export function ImportCsvCard({ ventureId }: { ventureId: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const isUploading = progress !== null;

  const tooLarge = file !== null && file.size > IMPORT_UPLOAD.maxBytes;
  const fileError = tooLarge
    ? `This file is ${formatSize(file.size)}: files up to ${MAX_MB} MB can be imported.`
    : null;

  const upload = async () => {
    if (!file || tooLarge) return;
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const answer = await uploadCsv({
        file,
        name: importSessionName(file.name),
        ventureId,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      void queryClient.invalidateQueries({ queryKey: ['sessions'] });
      await navigate({ to: '/csv-mapping', search: { session_id: answer.session.id } });
    } catch (caught) {
      if (isApiError(caught, 401)) {
        await navigate({ to: '/logout' });
        return;
      }
      if (!(caught instanceof UploadAbortedError)) setError(describeUploadError(caught));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <StartCard
      title="Import CSV"
      description="Your own list of businesses: map its columns, and we merge the duplicates."
      icon={<IconTableImport size={20} />}
      footer={`Up to ${MAX_MB} MB · comma, semicolon, tab or pipe separated · UTF-8 or Latin-1 · a header row first`}
    >
      <Stack gap="sm">
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          accept={ACCEPT}
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
          }}
          clearable
          disabled={isUploading}
          error={fileError}
          description={file && !tooLarge ? formatSize(file.size) : `Files up to ${MAX_MB} MB`}
        />
        {isUploading && (
          <Stack gap={4}>
            <Progress
              value={Math.min(percent, 100)}
              striped={percent >= 100}
              animated={percent >= 100}
              aria-label="Upload progress"
            />
            <Group justify="space-between">
              <Text size="xs" c="dimmed" aria-live="polite">
                {percent >= 100 ? 'Reading the file…' : `Uploading… ${percent}%`}
              </Text>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => abort.current?.abort()}>
                Stop
              </Button>
            </Group>
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" title="Upload failed">
            {error}
          </Alert>
        )}
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={() => void upload()}
          disabled={!file || tooLarge}
          loading={isUploading}
        >
          Upload and map columns
        </Button>
      </Stack>
    </StartCard>
  );
}
