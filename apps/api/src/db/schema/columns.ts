import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Column builders shared by the feature schemas. Not re-exported from index.ts: drizzle-kit only needs tables.

/** A timestamptz column read and written as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `id uuid primary key default gen_random_uuid()` */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

export const createdAtColumn = (name = 'created_at') => timestamptz(name).notNull().defaultNow();

/** Set by the database on insert and by drizzle on every update made through it. */
export const updatedAtColumn = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
