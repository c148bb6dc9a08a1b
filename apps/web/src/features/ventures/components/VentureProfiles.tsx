import { employeeRangeText, type Icp, type IcpProfile } from '@argo/contract';
import { Accordion, ActionIcon, Anchor, Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { AnchorLink } from '../../../components/links';
import { profileErrorMessage, savedProfilesQueryOptions, useDeleteProfile } from '../profiles-api';
import { ProfileEditModal } from './ProfileEditModal';

const number = (value: number) => value.toLocaleString('en-US');

/** A profile's criteria in one line each: only the ones it sets. */
function describeCriteria(criteria: Icp): { label: string; value: string }[] {
  const lines = [
    { label: 'Industries', value: criteria.industries.join(', ') },
    { label: 'Locations', value: criteria.locations.join(', ') },
    { label: 'Keywords', value: criteria.keywords.join(', ') },
    { label: 'Excluding', value: criteria.exclude_keywords.join(', ') },
    { label: 'Software', value: criteria.software_signals.join(', ') },
  ];
  const { employee_min: min, employee_max: max, hiring_signal: hiring } = criteria;
  lines.push({ label: 'Size', value: employeeRangeText(min, max) ?? '' });
  lines.push({ label: 'Hiring', value: hiring === true ? 'hiring' : hiring === false ? 'not hiring' : '' });
  return lines.filter((line) => line.value !== '');
}

function ProfileDetails({
  profile,
  onEdit,
  onDelete,
}: {
  profile: IcpProfile;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const criteria = describeCriteria(profile.criteria);
  return (
    <Stack gap={6}>
      {profile.why && <Text size="sm">{profile.why}</Text>}
      {criteria.length > 0 ? (
        <Stack gap={2} component="dl" m={0}>
          {criteria.map((line) => (
            <Group key={line.label} gap={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="xs" c="dimmed" w={70} style={{ flexShrink: 0 }}>
                {line.label}
              </Text>
              <Text component="dd" size="xs" m={0}>
                {line.value}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          No criteria.
        </Text>
      )}
      {profile.examples.length > 0 && (
        <Text size="xs">
          <Text span c="dimmed">
            Examples:{' '}
          </Text>
          {profile.examples.map((example) => example.name).join(', ')}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {profile.generated_by === 'model' ? 'Written by a language model' : 'Built-in analysis'}
          {profile.session_id && (
            <>
              {' · '}
              <AnchorLink to="/results" search={{ session_id: profile.session_id }} size="xs">
                From this session
              </AnchorLink>
            </>
          )}
        </Text>
        <Group gap={4}>
          <Tooltip label="Edit profile">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Edit profile ${profile.name}`}
              onClick={onEdit}
            >
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete profile">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Delete profile ${profile.name}`}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * The ICP profiles saved to a venture (icp/create_profiles on /results), each with its criteria, size, examples,
 * why, and who produced it; editable and deletable.
 */
export function VentureProfiles({ ventureId }: { ventureId: string }) {
  const profiles = useQuery(savedProfilesQueryOptions(ventureId));
  const remove = useDeleteProfile(ventureId);
  const [editing, setEditing] = useState<IcpProfile | null>(null);
  const [deleting, setDeleting] = useState<IcpProfile | null>(null);

  let body: ReactNode;
  if (profiles.isPending) {
    body = <Skeleton height={24} aria-label="Loading the ICP profiles" />;
  } else if (profiles.isError) {
    body = (
      <Text size="xs" c="red">
        The profiles could not be loaded: {profiles.error.message}{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => void profiles.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  } else if (profiles.data.length === 0) {
    body = (
      <Text size="xs" c="dimmed">
        No ICP profiles yet: create them on the ICP tab of a session’s results.
      </Text>
    );
  } else {
    body = (
      <Accordion variant="contained" chevronPosition="left" aria-label="ICP profiles">
        {profiles.data.map((profile) => (
          <Accordion.Item key={profile.id} value={profile.id} data-testid="venture-profile">
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate="end">
                  {profile.name}
                </Text>
                <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                  {number(profile.size)} {profile.size === 1 ? 'business' : 'businesses'}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <ProfileDetails
                profile={profile}
                onEdit={() => setEditing(profile)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(profile);
                }}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <Stack gap={6} component="section" aria-label="ICP profiles">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        ICP profiles{profiles.data && profiles.data.length > 0 ? ` (${profiles.data.length})` : ''}
      </Text>
      {body}
      {editing && <ProfileEditModal profile={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        title="Delete this ICP profile?"
        confirmLabel="Delete profile"
        isDanger
        isLoading={remove.isPending}
        error={remove.error ? profileErrorMessage(remove.error) : null}
      >
        <Text size="sm">
          “{deleting?.name}” and the outreach content generated for it are deleted. The businesses and their
          scores stay.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
