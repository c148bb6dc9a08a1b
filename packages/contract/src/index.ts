/** @argo/contract — zod schemas and types of every API call (SPEC §7) and the route table. */
export * from './accounts';
export * from './admin';
export * from './common';
export * from './discovery';
export * from './enrichment';
export * from './get-started';
export * from './health';
export * from './icp';
export * from './results';
export * from './routes';
export * from './sessions';
export * from './sharing';
export * from './users';
export * from './ventures';
