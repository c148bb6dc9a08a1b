import type { BusinessDetails } from '@argo/contract';
import { Anchor } from '@mantine/core';
import { Fact, PhoneLink, Section, Source, SuppressedNote, WebLink } from './drawer-parts';

type Contact = NonNullable<BusinessDetails['contacts']>[number];

const CONTACT_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone',
  social: 'Social profile',
  address: 'Address',
  opening_hours: 'Opening hours',
};

/** The drawer's "Contacts found on the website" (ai_summary), each with the page it was read on. */
export function ContactsSection({
  contacts,
  fetchedAt,
}: {
  contacts: readonly Contact[];
  /** When the page at that address was read. */
  fetchedAt: (url: string | null | undefined) => string | null | undefined;
}) {
  if (contacts.length === 0) return null;
  return (
    <Section title="Contacts found on the website">
      {contacts.map((contact) => (
        <Fact
          key={`${contact.kind}-${contact.value}`}
          label={CONTACT_LABELS[contact.kind] ?? contact.kind}
          source={<Source url={contact.source_url} observedAt={fetchedAt(contact.source_url)} />}
        >
          <ContactValue contact={contact} />
        </Fact>
      ))}
    </Section>
  );
}

/** A contact the site gave, as something to act on: an email to write to, a number to call, a profile to open. */
function ContactValue({ contact: { kind, value, suppressed } }: { contact: Contact }) {
  if (suppressed) return <SuppressedNote />;
  if (kind === 'phone') return <PhoneLink phone={value} />;
  if (kind === 'email') {
    return (
      <Anchor href={`mailto:${value}`} size="sm">
        {value}
      </Anchor>
    );
  }
  return kind === 'social' ? <WebLink url={value} size="sm" /> : value;
}
