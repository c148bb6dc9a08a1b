import { HttpUrl } from '@argo/contract';
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsersGroup, IconWorldSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { describeStartError } from '../../../lib/start-error';
import { useStartCompetitors } from '../api';
import { competitorsSessionName } from '../categories';
import { StartCard } from './StartCard';

const MAX_COMPETITORS = 20;

/** The addresses typed, one a line (commas and spaces also separate them). */
function splitUrls(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((url) => url.trim())
    .filter(Boolean);
}

/** A public website's address: http(s), and a host name with a dot ("acme.com", not "acme"). */
function isWebsite(text: string): boolean {
  const parsed = HttpUrl.safeParse(text);
  return parsed.success && new URL(parsed.data).hostname.includes('.');
}

/** null when the list is right, else what is wrong with it. */
function checkCompetitorUrls(text: string): string | null {
  const urls = splitUrls(text);
  if (urls.length === 0) return 'Enter at least one competitor’s website';
  if (urls.length > MAX_COMPETITORS) return `At most ${MAX_COMPETITORS} websites (${urls.length} entered)`;
  const wrong = urls.filter((url) => !isWebsite(url));
  if (wrong.length > 0) return `Not a web address: ${wrong.slice(0, 3).join(', ')}`;
  return null;
}

/** Competitors' websites → the businesses that are their customers (case studies, testimonials, logo walls). */
export function CompetitorsCard({ ventureId }: { ventureId: string | null }) {
  const navigate = useNavigate();
  const start = useStartCompetitors();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { urls: '' },
    validate: { urls: checkCompetitorUrls },
  });
  const count = splitUrls(form.values.urls).length;

  const submit = form.onSubmit(async ({ urls }) => {
    setFormError(null);
    const list = splitUrls(urls);
    try {
      const session = await start.mutateAsync({
        name: competitorsSessionName(list),
        venture_id: ventureId,
        competitor_urls: list,
      });
      await navigate({ to: '/discovery-processing', search: { session_id: session.id } });
    } catch (error) {
      const problem = describeStartError(error, 'The search could not be started. Try again.');
      if (problem.field?.startsWith('competitor_urls')) form.setFieldError('urls', problem.message);
      else setFormError(problem.message);
    }
  });

  return (
    <StartCard
      title="Competitors’ customers"
      description="The businesses your competitors name as customers on their websites, with the evidence."
      icon={<IconUsersGroup size={20} />}
      footer="We read their customer, case-study and testimonial pages, and follow robots.txt."
    >
      <form onSubmit={submit} noValidate aria-label="Competitors’ customers">
        <Stack gap="sm">
          <Textarea
            label="Competitor websites"
            description={`One a line, up to ${MAX_COMPETITORS}`}
            placeholder={'acme-dental-software.com\nhttps://www.rival.io'}
            rows={5}
            resize="vertical"
            required
            {...form.getInputProps('urls')}
          />
          <Text size="xs" c={count > MAX_COMPETITORS ? 'red' : 'dimmed'} aria-live="polite">
            {count} of {MAX_COMPETITORS} websites
          </Text>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Button type="submit" leftSection={<IconWorldSearch size={16} />} loading={start.isPending}>
            Find their customers
          </Button>
        </Stack>
      </form>
    </StartCard>
  );
}
