import {
  type SessionAction as ContractAction,
  canDoSessionAction,
  canEnrichSession,
  type SessionInfo,
  type SessionType,
  sessionAccessAllows,
} from '@argo/contract';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconActivity, IconBolt, IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ImportReportButton } from '../../../components/ImportReportButton';
import { ButtonLink } from '../../../components/links';
import { SessionStatusBadge } from '../../../components/SessionStatusBadge';
import { useDismissed } from '../../../lib/dismissed';
import { type SessionRunAction, useSessionRunAction } from '../../../lib/session-api';

const TYPE_LABELS: Record<SessionType, string> = {
  search: 'Find businesses',
  competitors: 'Competitors’ customers',
  import: 'CSV import',
};
const LINES_SHOWN = 50;

const progressScreen = (type: SessionType) => (type === 'import' ? '/processing' : '/discovery-processing');

interface SessionHeaderProps {
  sessionId: string;
  /** The signed-in user: what they dismissed is remembered for them alone. */
  userId: string;
  /** Undefined while loading or when it could not be loaded. */
  info: SessionInfo | undefined;
}

/** The session above its results: name, kind, status, how many businesses, and the actions allowed now. */
export function SessionHeader({ sessionId, userId, info }: SessionHeaderProps) {
  if (!info) {
    return (
      <div>
        <Title order={1}>Results</Title>
        <Text c="dimmed" size="sm">
          Session {sessionId}
        </Text>
      </div>
    );
  }
  const count = info.counts.businesses;
  const rejected = info.rejected_rows ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {TYPE_LABELS[info.type]} · {dayjs(info.created_at).format('D MMM YYYY, HH:mm')}
          </Text>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {info.name}
            </Title>
            <SessionStatusBadge status={info.status} size="lg" />
          </Group>
          <Text size="sm" data-testid="session-business-count">
            {count.toLocaleString('en-US')} {count === 1 ? 'business' : 'businesses'}
          </Text>
        </div>
        <SessionActions info={info} />
      </Group>
      {info.status === 'failed' && (
        <Alert color="red" variant="light" title="The last run stopped with an error">
          {info.error || 'It failed without saying why.'} What it found before is kept below.
        </Alert>
      )}
      {info.status === 'cancelled' && (
        <Alert color="orange" variant="light">
          Cancelled; {count.toLocaleString('en-US')} {count === 1 ? 'business' : 'businesses'} kept.
        </Alert>
      )}
      <LinesAlert
        sessionId={info.id}
        dismissKey={dismissKey(userId, info.id, 'rejected')}
        color="yellow"
        lines={rejected.map((row) => ({ line: row.line, text: row.reason }))}
        total={info.rejected_count ?? rejected.length}
        title={(n) =>
          n === 1
            ? '1 row of the file was not imported'
            : `${formatCount(n)} rows of the file were not imported`
        }
        reopenLabel={(n) =>
          n === 1 ? 'Show the row not imported' : `Show the ${formatCount(n)} rows not imported`
        }
      />
      <LinesAlert
        sessionId={info.id}
        dismissKey={dismissKey(userId, info.id, 'notes')}
        color="blue"
        lines={(info.import_notes ?? []).map((row) => ({ line: row.line, text: row.note }))}
        total={info.import_note_count ?? 0}
        title={(n) =>
          n === 1
            ? '1 row was imported with a value left empty, because it could not be read'
            : `${formatCount(n)} rows were imported with a value left empty, because it could not be read`
        }
        reopenLabel={(n) =>
          n === 1
            ? 'Show the row with a value left empty'
            : `Show the ${formatCount(n)} rows with a value left empty`
        }
      />
    </Stack>
  );
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/** Where a user's "dismissed" of one notice of one session is kept (localStorage). */
const dismissKey = (userId: string, sessionId: string, notice: 'rejected' | 'notes') =>
  `argo.import-notice.${notice}.${userId}.${sessionId}`;

/** Lines listed before the rest fold away (whole lines: a fixed height cut one in half). */
const LINES_FOLDED = 3;

/**
 * What an import said about some of its lines ("Line 3: website "www.krause" could not be read; left empty"): the
 * first few, the others listed on demand, and every line of the file as a download when not all are listed. The
 * user may dismiss it (it fills a phone's first screen); dismissed, it stays one line that brings it back.
 */
function LinesAlert({
  sessionId,
  dismissKey: key,
  color,
  lines,
  total,
  title,
  reopenLabel,
}: {
  sessionId: string;
  /** Where dismissing it is remembered. */
  dismissKey: string;
  color: string;
  lines: { line: number; text: string }[];
  /** Every such line of the file; `lines` may hold only the first ones. */
  total: number;
  title: (total: number) => string;
  /** The button that brings it back once dismissed. */
  reopenLabel: (total: number) => string;
}) {
  const [isOpen, setOpen] = useState(false);
  const [isDismissed, setDismissed] = useDismissed(key);
  if (total === 0 || lines.length === 0) return null;
  if (isDismissed) {
    return (
      <Group gap="xs">
        <Button size="compact-sm" variant="subtle" color={color} onClick={() => setDismissed(false)}>
          {reopenLabel(total)}
        </Button>
      </Group>
    );
  }
  const listed = lines.slice(0, LINES_SHOWN);
  const shown = isOpen ? listed : listed.slice(0, LINES_FOLDED);
  return (
    <Alert
      color={color}
      variant="light"
      title={title(total)}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setDismissed(true)}
    >
      <List size="sm" spacing={2}>
        {shown.map((row) => (
          <List.Item key={`${row.line}-${row.text}`}>
            Line {row.line}: {row.text}
          </List.Item>
        ))}
      </List>
      <Group gap="xs" mt={6}>
        {listed.length > LINES_FOLDED && (
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen(!isOpen)}>
            {isOpen ? 'Show fewer' : `Show the first ${listed.length}`}
          </Button>
        )}
        {total > listed.length && (
          <>
            <Text size="xs" c="dimmed">
              {formatCount(listed.length)} of {formatCount(total)} listed here.
            </Text>
            <ImportReportButton sessionId={sessionId} />
          </>
        )}
      </Group>
    </Alert>
  );
}

function SessionActions({ info }: { info: SessionInfo }) {
  const navigate = useNavigate();
  const action = useSessionRunAction();
  const [confirmRestart, setConfirmRestart] = useState(false);
  const can = (name: ContractAction) =>
    canDoSessionAction(info.status, name) && sessionAccessAllows(info.access, name);
  const isActive = info.status === 'queued' || info.status === 'running';
  // The next step once businesses are found: read their websites (/enrichment picks what to learn).
  const canEnrich =
    canEnrichSession(info.status) && sessionAccessAllows(info.access, 'run') && info.counts.businesses > 0;

  // A new run: watch it on the progress screen.
  const run = (name: SessionRunAction) =>
    action.mutate(
      { id: info.id, action: name },
      {
        onSuccess: (session) => {
          setConfirmRestart(false);
          void navigate({ to: progressScreen(session.type), search: { session_id: session.id } });
        },
      },
    );
  const error = action.error instanceof Error ? action.error.message : null;

  return (
    <Stack gap={4} align="flex-end">
      <Group gap="sm">
        {info.status === 'draft' && info.type === 'import' && (
          <ButtonLink to="/csv-mapping" search={{ session_id: info.id }}>
            Map the columns
          </ButtonLink>
        )}
        {isActive && (
          <ButtonLink
            to={progressScreen(info.type)}
            search={{ session_id: info.id }}
            leftSection={<IconActivity size={16} />}
          >
            Watch progress
          </ButtonLink>
        )}
        {canEnrich && (
          <ButtonLink
            to="/enrichment"
            search={{ session_id: info.id }}
            leftSection={<IconBolt size={16} />}
            variant={can('retry') ? 'default' : 'filled'}
          >
            Enrich
          </ButtonLink>
        )}
        {can('retry') && (
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => run('retry')}
            loading={action.isPending && action.variables?.action === 'retry'}
          >
            Retry failed
          </Button>
        )}
        {can('restart') && (
          <Button
            variant="default"
            leftSection={<IconRotateClockwise size={16} />}
            onClick={() => setConfirmRestart(true)}
          >
            Restart
          </Button>
        )}
      </Group>
      {error && !confirmRestart && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <ConfirmModal
        opened={confirmRestart}
        onClose={() => setConfirmRestart(false)}
        onConfirm={() => run('restart')}
        title="Run the whole session again?"
        confirmLabel="Restart"
        isLoading={action.isPending}
        error={error}
      >
        <Text size="sm">
          These results stay until the new run succeeds, and are then replaced by what it finds.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
