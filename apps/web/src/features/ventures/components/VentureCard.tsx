import { employeeRangeText, type Icp, type Venture } from '@argo/contract';
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { VentureProfiles } from './VentureProfiles';

function describeEmployees(icp: Icp): string | null {
  const text = employeeRangeText(icp.employee_min, icp.employee_max);
  return text && text.charAt(0).toUpperCase() + text.slice(1);
}

function describeHiring(icp: Icp): string | null {
  if (icp.hiring_signal === true) return 'Hiring';
  if (icp.hiring_signal === false) return 'Not hiring';
  return null;
}

function BadgeRow({ label, values, color }: { label: string; values: string[]; color: string }) {
  if (values.length === 0) return null;
  return (
    <Group gap={6} align="center">
      <Text size="xs" c="dimmed" w={70}>
        {label}
      </Text>
      {values.map((value) => (
        <Badge key={value} variant="light" color={color} tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

interface VentureCardProps {
  venture: Venture;
  onEdit: () => void;
  /** Only for admins: members may not delete a venture. */
  onDelete?: (() => void) | undefined;
}

/** A venture at a glance: what it sells, its ideal customer and its team. */
export function VentureCard({ venture, onEdit, onDelete }: VentureCardProps) {
  const { icp } = venture;
  const people = venture.people ?? [];
  const facts = [
    describeEmployees(icp),
    describeHiring(icp),
    icp.reachable_decision_maker ? 'Reachable decision-maker' : null,
    ...icp.software_signals.map((s) => `Uses ${s}`),
  ].filter((fact): fact is string => fact !== null);
  const hasIcp = icp.industries.length + icp.locations.length + icp.keywords.length + facts.length > 0;
  let teamText: ReactNode = 'No team members yet';
  if (people.length > 0) {
    teamText = (
      <Tooltip label={people.map((p) => p.name).join(', ')} multiline maw={280} withArrow>
        <span>{people.length === 1 ? '1 team member' : `${people.length} team members`}</span>
      </Tooltip>
    );
  }

  return (
    <Card withBorder padding="lg" component="article" aria-label={venture.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>
              {venture.name}
            </Title>
            {venture.website && (
              <Anchor href={venture.website} target="_blank" rel="noreferrer" size="sm" truncate>
                {venture.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Anchor>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${venture.name}`} onClick={onEdit}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            {onDelete && (
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${venture.name}`}
                  onClick={onDelete}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>

        {venture.description ? (
          <Text size="sm" lineClamp={3}>
            {venture.description}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No description yet: say what it sells.
          </Text>
        )}

        {hasIcp ? (
          <Stack gap={6}>
            <BadgeRow label="Industries" values={icp.industries} color="argo" />
            <BadgeRow label="Locations" values={icp.locations} color="teal" />
            <BadgeRow label="Keywords" values={icp.keywords} color="gray" />
            {facts.length > 0 && (
              <Text size="xs" c="dimmed">
                {facts.join(' · ')}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No ideal customer profile yet: edit the venture to say who it sells to.
          </Text>
        )}

        <VentureProfiles ventureId={venture.venture_id} />

        <Group gap={6} mt="auto" c="dimmed">
          <IconUsers size={16} aria-hidden />
          <Text size="sm">{teamText}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
