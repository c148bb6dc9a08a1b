import { CRM_NAMES, type CrmProvider, type Filters, type ResultsMatching } from '@argo/contract';
import {
  Alert,
  Button,
  Checkbox,
  em,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  crmConnectionsQueryOptions,
  crmErrorMessage,
  isJobActive,
  sessionCrmJobsQueryOptions,
  useStartCrmPush,
} from '../api';
import { CrmJobProgress } from './CrmJobProgress';

export interface CrmResultsActionsProps {
  sessionId: string;
  selectedIds: string[];
  isAllMatching: boolean;
  matching: ResultsMatching;
  total: number;
  canEdit: boolean;
  filters: Filters | undefined;
  onFiltersChange: (filters: Filters | undefined) => void;
}

/**
 * On /results once a CRM is connected: "Push to CRM" for the ticked rows (or everything matching, or the whole
 * filtered list when nothing is ticked), its progress and log, and the "not in my CRM" filter. Nothing shows while
 * no CRM is connected.
 */
export function CrmResultsActions(props: CrmResultsActionsProps) {
  const { sessionId, filters, onFiltersChange } = props;
  const connections = useQuery(crmConnectionsQueryOptions());
  const jobs = useQuery({ ...sessionCrmJobsQueryOptions(sessionId), enabled: !!connections.data });
  const [isOpen, setOpen] = useState(false);
  const connected = (connections.data?.connections ?? []).filter((c) => c.connected).map((c) => c.provider);
  if (connected.length === 0) return null;
  const hidesInCrm = filters?.in_crm === false;
  const toggleInCrm = (hide: boolean) => {
    const { in_crm: _, ...rest } = filters ?? {};
    const next: Filters = hide ? { ...rest, in_crm: false } : rest;
    onFiltersChange(Object.keys(next).length ? next : undefined);
  };
  const latest = jobs.data?.[0];
  return (
    <Group gap="sm" wrap="wrap" justify="space-between">
      <Switch
        label="Hide businesses already in my CRM"
        checked={hidesInCrm}
        onChange={(event) => toggleInCrm(event.currentTarget.checked)}
      />
      <Group gap="xs">
        {latest && isJobActive(latest) && (
          <Text size="sm" c="dimmed">
            Pushing to {CRM_NAMES[latest.provider]}…
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCloudUpload size={16} />}
          onClick={() => setOpen(true)}
          disabled={!props.canEdit && !latest}
          title={
            props.canEdit ? undefined : 'You have view access to this session; ask its owner for edit access.'
          }
        >
          {props.selectedIds.length > 0 && !props.isAllMatching
            ? `Push ${props.selectedIds.length} to CRM`
            : 'Push to CRM'}
        </Button>
      </Group>
      <PushModal
        {...props}
        opened={isOpen}
        onClose={() => setOpen(false)}
        providers={connected}
        latestJobId={latest?.id ?? null}
      />
    </Group>
  );
}

function PushModal({
  sessionId,
  selectedIds,
  isAllMatching,
  matching,
  total,
  canEdit,
  opened,
  onClose,
  providers,
  latestJobId,
}: CrmResultsActionsProps & {
  opened: boolean;
  onClose: () => void;
  providers: CrmProvider[];
  latestJobId: string | null;
}) {
  // A phone gets the whole screen: the log's table needs the width.
  const isPhone = useMediaQuery(`(max-width: ${em(767.98)})`);
  const [provider, setProvider] = useState<CrmProvider>(providers[0] as CrmProvider);
  const [excludeInCrm, setExcludeInCrm] = useState(false);
  const push = useStartCrmPush(sessionId);
  const jobId = push.data?.id ?? latestJobId;
  const isSelection = selectedIds.length > 0 && !isAllMatching;
  const count = isSelection ? selectedIds.length : total;
  const chosen = providers.includes(provider) ? provider : (providers[0] as CrmProvider);
  const start = () =>
    push.mutate({
      provider: chosen,
      ...(isSelection ? { business_ids: selectedIds } : { matching }),
      ...(excludeInCrm ? { exclude_in_crm: true } : {}),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Push to CRM" size="lg" fullScreen={isPhone}>
      <Stack gap="md">
        {canEdit && (
          <>
            <Text size="sm">
              {isSelection
                ? `The ${count.toLocaleString()} businesses you ticked`
                : `All ${count.toLocaleString()} businesses matching the search and filters`}
              , with the people their sites name, go to the CRM as companies and contacts. Records Argo pushed
              before are updated, never doubled; do-not-contact addresses and removed people are never sent.
            </Text>
            {providers.length > 1 && (
              <SegmentedControl
                aria-label="CRM"
                value={chosen}
                onChange={(value) => setProvider(value as CrmProvider)}
                data={providers.map((p) => ({ value: p, label: CRM_NAMES[p] }))}
              />
            )}
            <Checkbox
              label="Leave out businesses already in the CRM"
              checked={excludeInCrm}
              onChange={(event) => setExcludeInCrm(event.currentTarget.checked)}
            />
            {push.isError && (
              <Alert color="red" variant="light" role="alert">
                {crmErrorMessage(push.error)}
              </Alert>
            )}
            <Group>
              <Button onClick={start} loading={push.isPending} disabled={count === 0}>
                Push to {CRM_NAMES[chosen]}
              </Button>
            </Group>
          </>
        )}
        {jobId && <CrmJobProgress jobId={jobId} canCancel={canEdit} />}
      </Stack>
    </Modal>
  );
}
