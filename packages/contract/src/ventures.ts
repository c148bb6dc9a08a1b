/** Ventures and their people and the `ventures/*` calls of the specification. */
import { z } from 'zod';
import { Email, Id, IdParams, IsoDateTime, LIMITS, OptionalHttpUrl, optionalText, text } from './common';
import { defineRoute } from './define';
import { Icp } from './icp';

export const Person = z
  .object({
    id: Id,
    venture_id: Id,
    name: z.string(),
    email: z.string().nullable(),
    title: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    /** Set when the person is also an Argo user. */
    user_id: Id.nullable(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof Person>;

/** A team member in ventures/create and ventures/update. On update, `id` keeps an existing person. */
const PersonInput = z.object({
  id: Id.optional(),
  name: text(LIMITS.name),
  email: Email.nullable().optional(),
  title: optionalText(LIMITS.name),
  linkedin_url: OptionalHttpUrl,
  user_id: Id.nullable().optional(),
});

const People = z.array(PersonInput).max(100, 'must list at most 100 people');

export const Venture = z
  .object({
    venture_id: Id,
    account_id: Id,
    name: z.string(),
    website: z.string().nullable(),
    /** What the venture sells. */
    description: z.string().nullable(),
    value_proposition: z.string().nullable(),
    icp: Icp,
    /** The team; included by ventures/all, create and update. */
    people: z.array(Person).optional(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'Venture' });
export type Venture = z.infer<typeof Venture>;

/** POST /ventures/create — `icp` defaults to the empty ICP. */
export const CreateVentureBody = z.object({
  name: text(LIMITS.name),
  website: OptionalHttpUrl,
  description: optionalText(LIMITS.description),
  value_proposition: optionalText(LIMITS.description),
  icp: Icp.prefault({}),
  people: People.optional(),
});
export type CreateVentureBody = z.infer<typeof CreateVentureBody>;

/**
 * POST /ventures/update — venture_id plus the fields to change. `icp` replaces the whole ICP;
 * `people` replaces the team (people without `id` are added, missing ones removed).
 */
export const UpdateVentureBody = z.object({
  venture_id: Id,
  name: text(LIMITS.name).optional(),
  website: OptionalHttpUrl,
  description: optionalText(LIMITS.description),
  value_proposition: optionalText(LIMITS.description),
  icp: Icp.optional(),
  people: People.optional(),
});
export type UpdateVentureBody = z.infer<typeof UpdateVentureBody>;

const VentureIdBody = z.object({ venture_id: Id });

export const venturesRoutes = {
  venturesCreate: defineRoute({
    id: 'ventures.create',
    method: 'POST',
    path: '/ventures/create',
    access: 'member',
    summary: 'Create a venture with its ICP and team',
    tag: 'ventures',
    body: CreateVentureBody,
    response: Venture,
    status: 201,
  }),
  venturesUpdate: defineRoute({
    id: 'ventures.update',
    method: 'POST',
    path: '/ventures/update',
    access: 'member',
    summary: 'Change a venture (venture_id plus the fields to change)',
    tag: 'ventures',
    body: UpdateVentureBody,
    response: Venture,
  }),
  venturesAll: defineRoute({
    id: 'ventures.all',
    method: 'GET',
    path: '/ventures/all',
    access: 'member',
    summary: 'The ventures the caller may see, with their people',
    tag: 'ventures',
    response: z.array(Venture),
  }),
  venturesDelete: defineRoute({
    id: 'ventures.delete',
    method: 'POST',
    path: '/ventures/delete',
    access: 'admin',
    summary: 'Delete a venture',
    tag: 'ventures',
    body: VentureIdBody,
    response: null,
    status: 204,
  }),
  venturesPeople: defineRoute({
    id: 'ventures.people',
    method: 'GET',
    path: '/ventures/:id/people',
    access: 'member',
    summary: 'The team of a venture',
    tag: 'ventures',
    params: IdParams,
    response: z.array(Person),
  }),
} as const;
