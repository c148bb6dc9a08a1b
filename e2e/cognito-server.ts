import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type CognitoLocal, type CognitoPool, startCognitoLocal } from '../apps/api/test/cognito-local';
import {
  databaseUrlFor,
  findFreePort,
  findTestPostgres,
  quoteIdent,
  withClient,
} from '../apps/api/test/postgres-server';
import { SERVER_ENTRY, startServer, stopServer, waitUntilHealthy } from './argo-server';

/*
 * A second Argo server in Cognito mode for e2e/cognito.e2e.ts: cognito-local on 127.0.0.1 with a fresh pool, and
 * the built app (apps/api/dist/main.js) on its own database with COGNITO_* pointing at that pool. The run's main
 * server (global-setup.ts) keeps the built-in sign-in for the other journeys.
 */

export interface CognitoArgo {
  baseUrl: string;
  cognito: CognitoLocal;
  pool: CognitoPool;
  stop(): Promise<void>;
}

export async function startCognitoArgo(): Promise<CognitoArgo> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error('apps/api/dist/main.js is missing: run `npm run build` first.');
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const cognito = await startCognitoLocal();
    cleanups.push(() => cognito.stop());
    const pool = await cognito.createPool('argo-e2e');

    const postgres = await findTestPostgres();
    cleanups.push(() => postgres.stop());
    const name = `argo_e2e_cognito_${randomBytes(5).toString('hex')}`;
    await withClient(postgres.adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
    cleanups.push(() =>
      withClient(postgres.adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      ),
    );

    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startServer(
      {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        ARGO_ROLE: 'all',
        DATABASE_URL: databaseUrlFor(postgres.adminUrl, name),
        COGNITO_USER_POOL_ID: pool.userPoolId,
        COGNITO_CLIENT_ID: pool.clientId,
        COGNITO_ENDPOINT: cognito.endpoint,
      },
      'server-cognito.log',
    );
    cleanups.push(() => stopServer(server.child));
    await waitUntilHealthy(baseUrl, server, 'The Cognito-mode Argo server');
    return { baseUrl, cognito, pool, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
