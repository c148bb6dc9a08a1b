import type { ContentItem, ContentKind, GeneratedContent } from '@argo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRobot, IconTemplate } from '@tabler/icons-react';
import { icpCriterionLabel } from '../../../lib/icp-words';
import { webUrl } from '../../../lib/safe-url';

const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  cold_email: 'Cold email',
  linkedin_note: 'LinkedIn note',
  call_opener: 'Call opener',
};

/** Human words for the field a claim rests on (a profile's criteria as `criteria.<key>`). */
const FIELD_LABELS: Record<string, string> = {
  software: 'detected software',
  city: 'city',
  region: 'region',
  industry: 'industry',
  category: 'category',
  hiring: 'hiring (careers page)',
  summary: 'website summary',
  services: 'services on the website',
  name: 'business name',
  rating: 'rating and reviews',
  icp_score: 'ICP score',
  icp_tier: 'ICP tier',
  people: 'person named on the website',
  examples: 'example business of the profile',
  'venture.value_proposition': 'your venture’s value proposition',
  'venture.description': 'your venture’s description',
};

function fieldLabel(field: string): string {
  const criterion = /^criteria\.(.+)$/.exec(field)?.[1];
  if (criterion) return `profile criterion: ${icpCriterionLabel(criterion).toLowerCase()}`;
  return FIELD_LABELS[field] ?? field;
}

/** Who wrote it: a configured language model, or the built-in generator (templates filled with facts). */
export function GeneratedByNote({ generatedBy, what }: { generatedBy: 'model' | 'builtin'; what: string }) {
  return generatedBy === 'model' ? (
    <Alert variant="light" color="blue" icon={<IconRobot size={18} />} p="xs" data-testid="generated-by">
      {what} written by a language model from the stored facts only.
    </Alert>
  ) : (
    <Alert variant="light" color="gray" icon={<IconTemplate size={18} />} p="xs" data-testid="generated-by">
      {what} written by Argo’s built-in generator: templates filled with the stored facts (no language model
      is configured).
    </Alert>
  );
}

function CopyText({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant={copied ? 'light' : 'default'}
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
          onClick={copy}
          aria-label={copied ? `${label} copied` : `Copy ${label}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

function ContentCard({ item }: { item: ContentItem }) {
  const label = CONTENT_KIND_LABELS[item.kind];
  const whole = item.subject ? `Subject: ${item.subject}\n\n${item.body}` : item.body;
  return (
    <Paper withBorder p="md" component="article" aria-label={label}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{label}</Title>
        <CopyText value={whole} label={label.toLowerCase()} />
      </Group>
      {item.subject && (
        <Text size="sm" fw={600} mb={4}>
          Subject: {item.subject}
        </Text>
      )}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {item.body}
      </Text>
      {item.claims.length > 0 && (
        <>
          <Text size="xs" fw={600} c="dimmed" mt="sm">
            Where each claim comes from
          </Text>
          <List size="xs" spacing={2} aria-label={`Claims of the ${label.toLowerCase()}`}>
            {item.claims.map((claim) => (
              <List.Item key={`${claim.field}-${claim.text}`}>
                “{claim.text}” —{' '}
                <Badge size="xs" variant="outline">
                  {fieldLabel(claim.field)}
                </Badge>
                {claim.source_url && (
                  <>
                    {' '}
                    {webUrl(claim.source_url) ? (
                      <Anchor
                        href={webUrl(claim.source_url) ?? undefined}
                        target="_blank"
                        rel="noreferrer noopener"
                        size="xs"
                      >
                        {claim.source_url}
                      </Anchor>
                    ) : (
                      claim.source_url
                    )}
                  </>
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}

/** The texts of one generation, each with a copy button and its claims, and who wrote them. */
export function GeneratedContentView({ content }: { content: GeneratedContent }) {
  return (
    <Stack gap="sm" data-testid="generated-content">
      <GeneratedByNote generatedBy={content.generated_by} what="These texts were" />
      {content.items.map((item) => (
        <ContentCard key={item.kind} item={item} />
      ))}
    </Stack>
  );
}
