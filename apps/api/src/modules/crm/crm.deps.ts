import type { Config } from '../../config/env';
import type { CrmProviderName } from '../../db/schema';
import type { CrmHttpOptions } from './clients/http';
import { createHubspotClient } from './clients/hubspot';
import { createPipedriveClient } from './clients/pipedrive';
import type { CrmClient } from './clients/types';

export type CrmConfig = Pick<
  Config,
  'HUBSPOT_API_URL' | 'PIPEDRIVE_API_URL' | 'CRM_TIMEOUT_MS' | 'ARGO_ENCRYPTION_KEY' | 'AUTH_SECRET'
>;

/** What the CRM routes and jobs need: the configuration, and (tests) shorter pauses between retries. */
export interface CrmDeps {
  config: CrmConfig;
  http?: Pick<CrmHttpOptions, 'retries' | 'retryDelayMs' | 'maxRetryAfterMs' | 'rateLimitWaits'>;
}

export function createCrmDeps(config: CrmConfig, http: CrmDeps['http'] = {}): CrmDeps {
  return { config, http };
}

/** The client of one connection: HubSpot with its Bearer token, Pipedrive at its company's address with x-api-token. */
export function createCrmClient(
  deps: CrmDeps,
  connection: { provider: CrmProviderName; token: string; companyDomain: string | null },
  signal?: AbortSignal,
): CrmClient {
  const common = { timeoutMs: deps.config.CRM_TIMEOUT_MS, ...deps.http, ...(signal ? { signal } : {}) };
  if (connection.provider === 'hubspot') {
    return createHubspotClient({
      ...common,
      baseUrl: deps.config.HUBSPOT_API_URL,
      headers: { authorization: `Bearer ${connection.token}` },
    });
  }
  const baseUrl =
    deps.config.PIPEDRIVE_API_URL ?? `https://${connection.companyDomain ?? 'api'}.pipedrive.com/api`;
  return createPipedriveClient({ ...common, baseUrl, headers: { 'x-api-token': connection.token } });
}
