import {
  type Business,
  type BusinessPerson,
  type CompanyFacts,
  DECISION_MAKER_SENIORITIES,
  SENIORITY_LABELS,
} from '@argo/contract';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandLinkedin, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { webUrl } from '../../../lib/safe-url';
import { EMAIL_KIND_LABELS } from '../filters';
import { Fact, PhoneLink, Section, Source, SuppressedNote } from './drawer-parts';

interface PeopleSectionProps {
  business: Business;
  /** Removes a person from the session's results; absent when the user may not change the session. */
  onRemovePerson?: ((person: BusinessPerson) => Promise<void>) | undefined;
}

/**
 * The people the business's own site names (decision-makers first), each with role, seniority, the address and
 * phone the page ties to them, LinkedIn, and the words and page they were read from; then the company facts the
 * site states. A suppressed address is withheld by the API and marked; a guessed address is shown apart as
 * "pattern, unverified".
 */
export function PeopleSection({ business, onRemovePerson }: PeopleSectionProps) {
  const people = business.details?.people;
  const company = business.details?.company ?? null;
  const [removing, setRemoving] = useState<BusinessPerson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  if (people === undefined && !company) return null;

  async function confirmRemove() {
    if (!removing || !onRemovePerson) return;
    setPending(true);
    setError(null);
    try {
      await onRemovePerson(removing);
      setRemoving(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The person could not be removed. Try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {people !== undefined && (
        <Section title="People">
          {people.length === 0 ? (
            <Text size="sm" c="dimmed">
              The website names nobody with a role (no owner, managing director or team).
            </Text>
          ) : (
            <Stack gap="xs" role="list" aria-label="People named on the website">
              {people.map((person) => (
                <PersonCard
                  key={`${person.name}-${person.source_url}`}
                  person={person}
                  onRemove={
                    onRemovePerson
                      ? () => {
                          setError(null);
                          setRemoving(person);
                        }
                      : undefined
                  }
                />
              ))}
            </Stack>
          )}
        </Section>
      )}
      {company && <CompanySection company={company} />}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
        title="Remove this person?"
        confirmLabel="Remove person"
        isDanger
        isLoading={isPending}
        error={error}
      >
        <Text size="sm">
          {removing?.name} and the addresses that are theirs leave this session's results and exports, and
          stay out when {business.name} is enriched again.
        </Text>
      </ConfirmModal>
    </>
  );
}

function PersonCard({ person, onRemove }: { person: BusinessPerson; onRemove?: (() => void) | undefined }) {
  const isDecisionMaker = DECISION_MAKER_SENIORITIES.includes(person.seniority);
  const linkedin = webUrl(person.linkedin_url);
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={person.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {person.name}
            </Text>
            <Badge
              size="xs"
              variant={isDecisionMaker ? 'filled' : 'light'}
              color={isDecisionMaker ? 'blue' : 'gray'}
            >
              {SENIORITY_LABELS[person.seniority]}
            </Badge>
          </Group>
          {person.role && <Text size="sm">{person.role}</Text>}
          {!person.email && person.email_suppressed && <SuppressedNote />}
          {person.email && (
            <Group gap={6}>
              <Text
                size="sm"
                td={person.email_suppressed ? 'line-through' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {person.email}
              </Text>
              {person.email_kind && (
                <Badge size="xs" variant="light" color={person.email_kind === 'personal' ? 'teal' : 'gray'}>
                  {EMAIL_KIND_LABELS[person.email_kind]}
                </Badge>
              )}
              {person.email_mx === 'none' && (
                <Badge size="xs" variant="light" color="orange">
                  No mail server for this domain
                </Badge>
              )}
              {person.email_mx === 'failed' && (
                <Badge size="xs" variant="light" color="gray">
                  Mail server not checked
                </Badge>
              )}
              {person.email_suppressed && (
                <Badge size="xs" variant="light" color="red">
                  Suppressed: never exported
                </Badge>
              )}
            </Group>
          )}
          {person.suggested_email && (
            <Text size="xs" c="dimmed">
              Possible address {person.suggested_email.email} (pattern {person.suggested_email.pattern},
              unverified)
            </Text>
          )}
          {person.phone && <PhoneLink phone={person.phone} />}
          {linkedin && (
            <Anchor href={linkedin} target="_blank" rel="noreferrer noopener" size="sm">
              <Group gap={4} component="span">
                <IconBrandLinkedin size={14} aria-hidden />
                LinkedIn profile
              </Group>
            </Anchor>
          )}
          {person.evidence && (
            <Text size="xs" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              “{person.evidence}”
            </Text>
          )}
          <Source url={person.source_url} observedAt={person.observed_at} />
        </Stack>
        {onRemove && (
          <Tooltip label="Remove from this session's results">
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${person.name}`} onClick={onRemove}>
              <IconUserMinus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}

function CompanySection({ company }: { company: CompanyFacts }) {
  const source = (fact: { source_url: string; evidence: string } | null) =>
    fact ? <Source url={fact.source_url} /> : undefined;
  const { legal_name, legal_form, register, vat_id, founded, employees, opening_hours } = company;
  return (
    <Section title="Company facts">
      {legal_name && (
        <Fact label="Legal name" source={source(legal_name)}>
          {legal_name.value}
        </Fact>
      )}
      {legal_form && (
        <Fact label="Legal form" source={source(legal_form)}>
          {legal_form.value}
        </Fact>
      )}
      {register && (
        <Fact label="Register" source={source(register)}>
          {[register.value.court, register.value.number].filter(Boolean).join(', ')}
        </Fact>
      )}
      {vat_id && (
        <Fact label="VAT ID" source={source(vat_id)}>
          {vat_id.value.id}
          {!vat_id.value.checksum_valid && (
            <Text span size="xs" c="orange">
              {' '}
              (check digits do not match: a typo on the page?)
            </Text>
          )}
        </Fact>
      )}
      {founded && (
        <Fact label="Founded" source={source(founded)}>
          {founded.value}
        </Fact>
      )}
      {employees && (
        <Fact label="Employees (as stated)" source={source(employees)}>
          {employees.value.toLocaleString('en-US')}
        </Fact>
      )}
      {opening_hours && (
        <Fact label="Opening hours" source={source(opening_hours)}>
          {opening_hours.value.join(' · ')}
        </Fact>
      )}
    </Section>
  );
}
