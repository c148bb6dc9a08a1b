/**
 * The anonymous /get-started preview: a visitor without an account describes a venture and sees up
 * to 10 matching businesses. The caller is the browser's `argo-token`, never a signed-in user; the account
 * created later in the same browser claims the preview (POST /accounts with `anonymous_token`).
 */
import { z } from 'zod';
import { TrackingId } from './accounts';
import { expected, Id, IsoDateTime, LIMITS, OptionalHttpUrl, text } from './common';
import { defineRoute } from './define';

/** At most this many businesses in a preview; a preview lives this long after its last change. */
export const PREVIEW_LIMITS = { businesses: 10, terms: 20, ttlDays: 7 } as const;

const Terms = z
  .array(text(LIMITS.shortText), expected('a list of words'))
  .max(PREVIEW_LIMITS.terms, `must list at most ${PREVIEW_LIMITS.terms} entries`)
  .default([]);

/** What the visitor tells about their venture (step 1 of the wizard). */
const PreviewVentureInput = z.object(
  {
    name: text(LIMITS.name),
    website: OptionalHttpUrl,
    /** Who the venture sells to and what it sells, in the visitor's words. */
    description: text(LIMITS.description),
    industries: Terms,
    locations: Terms,
  },
  expected('an object with name and description'),
);

/** POST /get-started/preview — replaces the venture of this browser's preview (one preview per argo-token). */
export const CreatePreviewBody = z.object({
  venture: PreviewVentureInput,
  /** The tracking ids of this browser; they move to the account with the preview. */
  tracking_ids: z.array(TrackingId).max(20, 'must list at most 20 tracking ids').optional(),
});
export type CreatePreviewBody = z.infer<typeof CreatePreviewBody>;

const PreviewVenture = z.object({
  name: z.string(),
  website: z.string().nullable(),
  description: z.string(),
  industries: z.array(z.string()),
  locations: z.array(z.string()),
});

/** One business of a preview: what a small discovery returns, before any enrichment. */
export const PreviewBusiness = z.object({
  name: z.string(),
  category: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was found, e.g. `osm` (the page then shows the OpenStreetMap attribution). */
  source: z.string(),
});
export type PreviewBusiness = z.infer<typeof PreviewBusiness>;

export const Preview = z
  .object({
    preview_id: Id,
    venture: PreviewVenture,
    businesses: z.array(PreviewBusiness).max(PREVIEW_LIMITS.businesses),
    /** false until discovery can run for anonymous previews; the page then says so instead of listing businesses. */
    discovery_available: z.boolean(),
    /** One sentence for the preview step: what was found, or why nothing is shown. */
    message: z.string(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    expires_at: IsoDateTime,
  })
  .meta({ id: 'GetStartedPreview' });
export type Preview = z.infer<typeof Preview>;

export const getStartedRoutes = {
  getStartedCreatePreview: defineRoute({
    id: 'getStarted.createPreview',
    method: 'POST',
    path: '/get-started/preview',
    access: 'anonymous',
    summary:
      "Describe a venture without an account and preview matching businesses (the browser's argo-token)",
    tag: 'discovery',
    body: CreatePreviewBody,
    response: Preview,
  }),
  getStartedPreview: defineRoute({
    id: 'getStarted.preview',
    method: 'GET',
    path: '/get-started/preview',
    access: 'anonymous',
    summary: "The stored /get-started preview of this browser's argo-token",
    tag: 'discovery',
    response: Preview,
  }),
} as const;
