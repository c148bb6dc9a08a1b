import type { SessionStatus } from '@argo/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { WHOLE_BADGE } from './whole-badge';

/** One colour per session status, the same on every screen that lists sessions. */
const SESSION_STATUS_COLORS: Record<SessionStatus, string> = {
  draft: 'gray',
  queued: 'yellow',
  running: 'argo',
  completed: 'green',
  failed: 'red',
  cancelled: 'orange',
};

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  draft: 'Draft',
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

interface SessionStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: SessionStatus;
}

export function SessionStatusBadge({ status, ...props }: SessionStatusBadgeProps) {
  return (
    <Badge
      variant="light"
      color={SESSION_STATUS_COLORS[status]}
      data-status={status}
      style={WHOLE_BADGE}
      {...props}
    >
      {SESSION_STATUS_LABELS[status]}
    </Badge>
  );
}
