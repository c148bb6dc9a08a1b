import type { Session, SessionAccess, SessionStage, SessionStatus, SessionType } from '@argo/contract';
import {
  ActionIcon,
  Badge,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBolt,
  IconPencil,
  IconPlayerStop,
  IconRefresh,
  IconRotateClockwise,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { AnchorLink } from '../../../components/links';
import { SessionStatusBadge } from '../../../components/SessionStatusBadge';
import { WHOLE_BADGE } from '../../../components/whole-badge';
import { getSessionRowActions } from '../session-actions';
import classes from './SessionsTable.module.css';

export type SessionDialogKind = 'edit' | 'share' | 'delete' | 'cancel' | 'retry' | 'restart';

const TYPE_LABELS: Record<SessionType, string> = {
  search: 'Search',
  competitors: 'Competitors’ customers',
  import: 'CSV import',
};

const STAGE_LABELS: Record<SessionStage, string> = {
  discovering: 'Discovering',
  importing: 'Importing',
  enriching: 'Enriching',
};

const ACCESS_LABELS: Record<SessionAccess, { label: string; color: string }> = {
  owner: { label: 'Owner', color: 'argo' },
  admin: { label: 'Admin', color: 'grape' },
  edit: { label: 'Edit', color: 'teal' },
  view: { label: 'View', color: 'gray' },
};

interface SessionsTableProps {
  sessions: Session[];
  /** venture_id → name, for the ventures the caller may see. */
  ventureNames: ReadonlyMap<string, string>;
  currentUserId: string;
  onAction: (kind: SessionDialogKind, session: Session) => void;
}

export function SessionsTable({ sessions, ventureNames, currentUserId, onAction }: SessionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Owner · your access</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th className={classes.actions}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ventureName={session.venture_id ? ventureNames.get(session.venture_id) : undefined}
              isOwn={session.owner_id === currentUserId}
              onAction={onAction}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface SessionRowProps {
  session: Session;
  ventureName: string | undefined;
  isOwn: boolean;
  onAction: SessionsTableProps['onAction'];
}

function SessionRow({ session, ventureName, isOwn, onAction }: SessionRowProps) {
  const actions = getSessionRowActions(session);
  const access = ACCESS_LABELS[session.access];
  const navigate = useNavigate();
  return (
    <Table.Tr data-testid="session-row" data-session-id={session.id}>
      {/* The kind of session and its venture under the name: separate columns squeezed the names to a word a
          line on a laptop screen. */}
      <Table.Td miw={220}>
        <Stack gap={2}>
          {/* A draft import's file still needs its columns mapped: it has no results yet. */}
          <AnchorLink
            to={session.status === 'draft' && session.type === 'import' ? '/csv-mapping' : '/results'}
            search={{ session_id: session.id }}
            fw={500}
            // A file's name has no spaces to wrap at ("google-maps-scraper_gyro…").
            style={{ overflowWrap: 'anywhere' }}
          >
            {session.name}
          </AnchorLink>
          <Text size="xs" c="dimmed">
            {TYPE_LABELS[session.type]}
            {ventureName && (
              <>
                {' · '}
                <Text span inherit title="Venture">
                  {ventureName}
                </Text>
              </>
            )}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <SessionStatusBadge status={session.status} />
          {session.status === 'failed' && session.error && (
            <Text size="xs" c="red" lineClamp={2} title={session.error} maw={220}>
              {session.error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <SessionProgress session={session} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Text size="sm" truncate maw={200} title={session.owner.email}>
            {session.owner.name || session.owner.email}
            {isOwn && (
              <Text span size="sm" c="dimmed">
                {' '}
                (you)
              </Text>
            )}
          </Text>
          <Badge variant="outline" color={access.color} style={WHOLE_BADGE}>
            {access.label}
          </Badge>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={session.created_at} style={{ whiteSpace: 'nowrap' }}>
          {dayjs(session.created_at).format('D MMM YYYY, HH:mm')}
        </Text>
      </Table.Td>
      <Table.Td className={classes.actions}>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {actions.cancel && (
            <RowAction
              label="Cancel"
              sessionName={session.name}
              color="red"
              onClick={() => onAction('cancel', session)}
            >
              <IconPlayerStop size={16} />
            </RowAction>
          )}
          {actions.enrich && (
            <RowAction
              label="Enrich"
              sessionName={session.name}
              onClick={() => void navigate({ to: '/enrichment', search: { session_id: session.id } })}
            >
              <IconBolt size={16} />
            </RowAction>
          )}
          {actions.retry && (
            <RowAction label="Retry" sessionName={session.name} onClick={() => onAction('retry', session)}>
              <IconRefresh size={16} />
            </RowAction>
          )}
          {actions.restart && (
            <RowAction
              label="Restart"
              sessionName={session.name}
              onClick={() => onAction('restart', session)}
            >
              <IconRotateClockwise size={16} />
            </RowAction>
          )}
          {actions.edit && (
            <RowAction label="Edit" sessionName={session.name} onClick={() => onAction('edit', session)}>
              <IconPencil size={16} />
            </RowAction>
          )}
          {actions.share && (
            <RowAction label="Share" sessionName={session.name} onClick={() => onAction('share', session)}>
              <IconShare size={16} />
            </RowAction>
          )}
          {actions.delete && (
            <RowAction
              label="Delete"
              sessionName={session.name}
              color="red"
              onClick={() => onAction('delete', session)}
            >
              <IconTrash size={16} />
            </RowAction>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface RowActionProps {
  label: string;
  sessionName: string;
  color?: string;
  onClick: () => void;
  children: React.ReactNode;
}

function RowAction({ label, sessionName, color, onClick, children }: RowActionProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={`${label} ${sessionName}`} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Where the session's work stands: stage and progress while running; once over, when it finished or how far it
 * got. A finished session's stage is gone, so its progress is told in steps, not in rows or websites.
 */
function SessionProgress({ session }: { session: Session }) {
  const { total, done } = session.progress;
  const reached = total > 0 ? ` at ${count(done)} of ${count(total)}` : '';
  if (session.status !== 'running') {
    const finished = session.finished_at ? dayjs(session.finished_at).format('D MMM YYYY, HH:mm') : null;
    const words: Record<Exclude<SessionStatus, 'running'>, string> = {
      draft: session.type === 'import' ? 'Columns to map' : 'Not started',
      queued: 'Waiting for a worker',
      completed: finished ? `Finished ${finished}` : 'Finished',
      failed: `Stopped${reached}`,
      cancelled: `Cancelled${reached}`,
    };
    return (
      <Text size="sm" c="dimmed" title={session.finished_at ?? undefined}>
        {words[session.status]}
      </Text>
    );
  }
  const { failed } = session.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const stage = session.stage ? STAGE_LABELS[session.stage] : 'Working';
  return (
    <Stack gap={4} miw={140}>
      <Text size="xs">
        {stage}
        {total > 0 ? ` · ${count(done)} / ${count(total)}` : ''}
        {failed > 0 ? ` · ${count(failed)} failed` : ''}
      </Text>
      <Progress
        value={total > 0 ? percent : 100}
        striped={total === 0}
        animated={total === 0}
        size="sm"
        aria-label={`${stage}: ${total > 0 ? `${percent}%` : 'starting'}`}
      />
    </Stack>
  );
}
