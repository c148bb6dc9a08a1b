import type { Preview, PreviewBusiness } from '@argo/contract';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

interface PreviewStepProps {
  preview: Preview;
  onEdit: () => void;
  onNext: () => void;
}

/** Stable enough for a list of at most 10: no two places share name, address and position. */
function businessKey(business: PreviewBusiness): string {
  return [business.source, business.name, business.address, business.lat, business.lng].join('|');
}

function place(business: PreviewBusiness): string {
  return [business.address, business.city].filter(Boolean).join(', ');
}

/** Step 2: the businesses that match the venture, or — before discovery exists — an honest notice. */
export function PreviewStep({ preview, onEdit, onNext }: PreviewStepProps) {
  const { venture, businesses } = preview;
  const hasOsm = businesses.some((business) => business.source === 'osm');
  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>{venture.name}</Text>
        <Text size="sm" c="dimmed">
          {venture.description}
        </Text>
        {(venture.industries.length > 0 || venture.locations.length > 0) && (
          <Group gap={6} mt={6}>
            {venture.industries.map((industry) => (
              <Badge key={`i-${industry}`} variant="light">
                {industry}
              </Badge>
            ))}
            {venture.locations.map((location) => (
              <Badge key={`l-${location}`} variant="outline" color="gray">
                {location}
              </Badge>
            ))}
          </Group>
        )}
      </div>

      {businesses.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm">{preview.message}</Text>
          <Table striped withTableBorder aria-label="Matching businesses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Business</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Place</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {businesses.map((business) => (
                <Table.Tr key={businessKey(business)}>
                  <Table.Td>
                    {business.website ? (
                      <Anchor href={business.website} target="_blank" rel="noopener noreferrer">
                        {business.name}
                      </Anchor>
                    ) : (
                      business.name
                    )}
                  </Table.Td>
                  <Table.Td>{business.category ?? '—'}</Table.Td>
                  <Table.Td>{place(business) || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {hasOsm && (
            <Text size="xs" c="dimmed">
              Business data ©{' '}
              <Anchor
                href="https://www.openstreetmap.org/copyright"
                target="_blank"
                rel="noopener noreferrer"
              >
                OpenStreetMap contributors
              </Anchor>
            </Text>
          )}
        </Stack>
      ) : (
        <Alert variant="light" icon={<IconInfoCircle />} title="No businesses to show yet">
          {preview.message}
        </Alert>
      )}

      <Group justify="space-between">
        <Button variant="default" onClick={onEdit}>
          Change your venture
        </Button>
        <Button onClick={onNext}>Next: create your account</Button>
      </Group>
    </Stack>
  );
}
