import type { Business } from '@argo/contract';
import { Anchor, List, Text } from '@mantine/core';
import { webUrl } from '../../../lib/safe-url';
import { Fact, Section, Source } from './drawer-parts';

/** The drawer's "Hiring": whether the business is hiring, its applicant tracking system and the open roles found. */
export function HiringSection({
  business,
  fetchedAt,
}: {
  business: Business;
  /** When the page at that address was read. */
  fetchedAt: (url: string | null | undefined) => string | null | undefined;
}) {
  const careers = business.details?.careers;
  if (!careers && business.hiring === null) return null;
  return (
    <Section title="Hiring">
      <Fact
        label="Hiring"
        source={careers?.url ? <Source url={careers.url} observedAt={fetchedAt(careers.url)} /> : undefined}
      >
        {business.hiring === null ? 'Could not tell' : business.hiring ? 'Yes' : 'No open roles found'}
        {careers?.ats && ` · applicant tracking: ${careers.ats}`}
      </Fact>
      {careers && careers.roles.length > 0 && (
        <List size="sm" spacing={4} aria-label="Open roles">
          {careers.roles.map((role) => (
            <List.Item key={`${role.title}-${role.url ?? ''}-${role.location ?? ''}`}>
              {webUrl(role.url) ? (
                <Anchor
                  href={webUrl(role.url) ?? undefined}
                  target="_blank"
                  rel="noreferrer noopener"
                  size="sm"
                >
                  {role.title}
                </Anchor>
              ) : (
                role.title
              )}
              {(role.department || role.location) && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {[role.department, role.location].filter(Boolean).join(' · ')}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
