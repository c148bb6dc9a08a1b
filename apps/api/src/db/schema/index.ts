// Every table of the app, for drizzle-kit (drizzle.config.ts) and the typed client (db/client.ts).
export * from './accounts';
export * from './auth';
export * from './businesses';
export * from './corrections';
export * from './discovery';
export * from './email';
export * from './enrichment';
export * from './get-started';
export * from './icp';
export * from './jobs';
export * from './privacy';
export * from './saved-views';
export * from './lookalikes';
export * from './sessions';
export * from './user-ventures';
export * from './users';
export * from './ventures';
