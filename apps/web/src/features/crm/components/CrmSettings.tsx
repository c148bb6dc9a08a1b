import { CRM_NAMES, type CrmConnection, type CrmConnectionsResponse } from '@argo/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorState } from '../../../components/ErrorState';
import {
  crmConnectionsQueryOptions,
  crmErrorMessage,
  useConnectCrm,
  useDisconnectCrm,
  useStartCrmSync,
} from '../api';
import { CrmJobProgress } from './CrmJobProgress';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const TOKEN_HELP: Record<CrmConnection['provider'], string> = {
  hubspot:
    'In HubSpot: Settings → Integrations → Private apps → Create a private app, with the scopes crm.objects.companies (read, write) and crm.objects.contacts (read, write); copy its access token.',
  pipedrive:
    'In Pipedrive: your name (top right) → Personal preferences → API, copy your personal API token. The company domain is the first part of your Pipedrive address (acme for acme.pipedrive.com).',
};

/**
 * The organisation's CRMs in Settings: connect HubSpot or Pipedrive (admins), disconnect, sync what the CRM holds
 * (every member), and where each fact goes in the CRM.
 */
export function CrmSettings({ isAdmin }: { isAdmin: boolean }) {
  const connections = useQuery(crmConnectionsQueryOptions());
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="crm-title" maw={760}>
      <Title order={2} size="h4" mb="xs" id="crm-title">
        CRM
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Push businesses and their people from the results to HubSpot or Pipedrive, and see which businesses
        your CRM holds already. Addresses on the do-not-contact list are never sent.
      </Text>
      {connections.isError && (
        <ErrorState
          title="The CRM connections could not be loaded"
          error={connections.error}
          onRetry={() => void connections.refetch()}
          isRetrying={connections.isFetching}
        />
      )}
      {connections.isPending && <Skeleton height={140} aria-label="Loading the CRM connections" />}
      {connections.data && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {connections.data.connections.map((connection) => (
              <CrmCard key={connection.provider} connection={connection} isAdmin={isAdmin} />
            ))}
          </SimpleGrid>
          <FieldMapping mapping={connections.data.field_mapping} />
        </Stack>
      )}
    </Paper>
  );
}

function CrmCard({ connection, isAdmin }: { connection: CrmConnection; isAdmin: boolean }) {
  const name = CRM_NAMES[connection.provider];
  const [isDisconnecting, setDisconnecting] = useState(false);
  const [isReplacing, setReplacing] = useState(false);
  const disconnect = useDisconnectCrm(connection.provider);
  const sync = useStartCrmSync(connection.provider);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{name}</Text>
          <Badge color={connection.connected ? 'green' : 'gray'} variant="light">
            {connection.connected ? 'Connected' : 'Not connected'}
          </Badge>
        </Group>
        {connection.connected ? (
          <>
            <Text size="sm">
              Token ending {connection.token_hint}
              {connection.company_domain ? ` at ${connection.company_domain}.pipedrive.com` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {`Connected ${connection.connected_at ? dateFormat.format(new Date(connection.connected_at)) : ''}${
                connection.connected_by?.name ? ` by ${connection.connected_by.name}` : ''
              }`}
            </Text>
            <Text size="xs" c="dimmed">
              {connection.last_sync_at
                ? `Last sync ${dateFormat.format(new Date(connection.last_sync_at))}: ${connection.known_companies.toLocaleString()} companies, ${connection.known_contacts.toLocaleString()} contacts known`
                : 'Not synced yet: sync to mark the businesses your CRM already holds.'}
            </Text>
            <Group gap="xs" mt={4}>
              <Button size="xs" variant="light" loading={sync.isPending} onClick={() => sync.mutate()}>
                Sync from {name}
              </Button>
              {isAdmin && (
                <>
                  <Button size="xs" variant="default" onClick={() => setReplacing((on) => !on)}>
                    Replace token
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDisconnecting(true)}>
                    Disconnect
                  </Button>
                </>
              )}
            </Group>
            {sync.isError && (
              <Alert color="red" variant="light" role="alert">
                {crmErrorMessage(sync.error)}
              </Alert>
            )}
            {sync.data && <CrmJobProgress jobId={sync.data.id} canCancel />}
            {isAdmin && isReplacing && (
              <ConnectForm connection={connection} onDone={() => setReplacing(false)} />
            )}
          </>
        ) : isAdmin ? (
          <ConnectForm connection={connection} />
        ) : (
          <Text size="sm" c="dimmed">
            An admin of your organisation can connect {name}.
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={isDisconnecting}
        onClose={() => setDisconnecting(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setDisconnecting(false) })}
        title={`Disconnect ${name}?`}
        confirmLabel="Disconnect"
        isDanger
        isLoading={disconnect.isPending}
        error={disconnect.isError ? crmErrorMessage(disconnect.error) : null}
      >
        Argo deletes the token and stops marking businesses as in {name}. What was pushed stays in {name}.
      </ConfirmModal>
    </Paper>
  );
}

function ConnectForm({ connection, onDone }: { connection: CrmConnection; onDone?: () => void }) {
  const name = CRM_NAMES[connection.provider];
  const isPipedrive = connection.provider === 'pipedrive';
  const [token, setToken] = useState('');
  const [companyDomain, setCompanyDomain] = useState(connection.company_domain ?? '');
  const connect = useConnectCrm(connection.provider);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(
      { token: token.trim(), ...(isPipedrive ? { company_domain: companyDomain.trim() } : {}) },
      {
        onSuccess: () => {
          setToken('');
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={`Connect ${name}`}>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {TOKEN_HELP[connection.provider]}
        </Text>
        <PasswordInput
          label={isPipedrive ? 'API token' : 'Private app access token'}
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          required
          autoComplete="off"
        />
        {isPipedrive && (
          <TextInput
            label="Company domain"
            placeholder="acme"
            rightSection={
              <Text size="xs" c="dimmed" pr="xl">
                .pipedrive.com
              </Text>
            }
            rightSectionWidth={110}
            value={companyDomain}
            onChange={(event) => setCompanyDomain(event.currentTarget.value)}
            required
          />
        )}
        {connect.isError && (
          <Alert color="red" variant="light" role="alert">
            {crmErrorMessage(connect.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="xs" loading={connect.isPending} disabled={!token.trim()}>
            Connect {name}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A CRM property's own name in code type; a description ("a note on the company") as words. */
function Property({ name }: { name: string }) {
  if (/^[a-z_]+$/.test(name)) return <code>{name}</code>;
  return name;
}

/** Where Argo's facts go: the CRMs' standard properties. */
function FieldMapping({ mapping }: { mapping: CrmConnectionsResponse['field_mapping'] }) {
  const table = (label: string, rows: CrmConnectionsResponse['field_mapping']['company']) => (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label={label} verticalSpacing={4} fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Argo</Table.Th>
            <Table.Th>HubSpot</Table.Th>
            <Table.Th>Pipedrive</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.argo}>
              <Table.Td>{row.argo}</Table.Td>
              <Table.Td>
                <Property name={row.hubspot} />
              </Table.Td>
              <Table.Td>
                <Property name={row.pipedrive} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Stack gap="xs">
      <Text fw={500}>Field mapping</Text>
      <Text size="sm" c="dimmed">
        Companies are matched by their domain and contacts by their email, so pushing again updates what Argo
        pushed before and never makes a second record.
      </Text>
      {table('Business to company', mapping.company)}
      {table('Person to contact', mapping.contact)}
    </Stack>
  );
}
