import type { DetectedSoftware } from '@argo/contract';
import { Table, Text } from '@mantine/core';
import { businessSoftware } from '../software-groups';
import { Section, Source } from './drawer-parts';

/**
 * The drawer's Software section: what tells a salesperson something — shop, booking, CRM,
 * marketing, payments, analytics, chat, site builder — first; languages, servers, CDNs, libraries, Open Graph,
 * RSS and what is only implied by another technology under "Infrastructure and inferences".
 */
export function SoftwareSection({
  software,
  page,
}: {
  software: readonly DetectedSoftware[];
  page: { url: string; fetched_at: string } | undefined;
}) {
  if (software.length === 0) return null;
  const chosen = businessSoftware(software);
  const infrastructure = software.filter((item) => item.group !== 'business');
  return (
    <>
      <Section title="Software">
        {chosen.length > 0 ? (
          <SoftwareTable label="Business software" items={chosen} />
        ) : (
          <Text size="sm" c="dimmed">
            No business software found (shop, booking, CRM, marketing, analytics …); only infrastructure
            below.
          </Text>
        )}
        {page && <Source url={page.url} observedAt={page.fetched_at} />}
      </Section>
      {infrastructure.length > 0 && (
        <Section title="Infrastructure and inferences">
          <SoftwareTable label="Infrastructure and inferences" items={infrastructure} />
        </Section>
      )}
    </>
  );
}

function SoftwareTable({ label, items }: { label: string; items: readonly DetectedSoftware[] }) {
  return (
    <Table aria-label={label} verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>Confidence</Table.Th>
          <Table.Th>Evidence</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((software) => (
          <Table.Tr key={software.name}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {software.name}
              </Text>
              <Text size="xs" c="dimmed">
                {software.category}
              </Text>
            </Table.Td>
            <Table.Td>{software.version ?? '—'}</Table.Td>
            <Table.Td>{Math.round(software.confidence)}%</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="xs" ff="monospace">
                {software.evidence ?? '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
