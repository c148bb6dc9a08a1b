/**
 * The base map of the results map: a raster tile server the browser loads tiles from. The
 * default is OpenStreetMap's standard tiles, whose policy asks for the attribution below, a Referer (the tile layer
 * sends the page's origin, though the app's pages send none otherwise) and light use; MAP_TILE_URL points at a
 * self-hosted or commercial server instead, and the Content-Security-Policy's img-src allows exactly its origin.
 */
import { z } from 'zod';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
export const DEFAULT_TILE_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';

/** Leaflet's placeholders; `{s}` is a subdomain (a, b, c), `{r}` "@2x" on high-density screens. */
const PLACEHOLDER = /\{(s|z|x|y|r|-y)\}/g;

/** The template as a URL, its placeholders filled with sample values; null when it is not an http(s) URL. */
function sampleUrl(template: string): URL | null {
  if (/[\s<>"'`]/.test(template)) return null;
  try {
    const url = new URL(template.replace(PLACEHOLDER, (_all, name: string) => (name === 's' ? 'a' : '0')));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** MAP_TILE_URL: an http(s) template with {z}, {x} and {y} (or {-y}); {s} only in the host. */
export const TileUrl = z
  .string()
  .trim()
  .refine((value) => sampleUrl(value) !== null, {
    message: 'must be an http(s) URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  })
  .refine((value) => value.includes('{z}') && value.includes('{x}') && /\{-?y\}/.test(value), {
    message: 'must contain {z}, {x} and {y}, e.g. https://tiles.example.com/{z}/{x}/{y}.png',
  })
  .refine((value) => !value.includes('{s}') || value.indexOf('{s}') < value.indexOf('/', 8), {
    message: 'may use {s} only in the host name, e.g. https://{s}.tiles.example.com/{z}/{x}/{y}.png',
  });

/**
 * The CSP source that lets the browser load the template's tiles: its origin, with a `{s}` subdomain as `*`
 * (`https://{s}.tile.example.com/…` → `https://*.tile.example.com`).
 */
export function tileImageSource(template: string): string {
  const url = sampleUrl(template);
  if (!url) throw new Error(`not a tile URL template: ${template}`);
  const [, beforeHost = ''] = template.match(/^https?:\/\/([^/]*)/i) ?? [];
  const host = beforeHost.includes('{s}') ? beforeHost.replace('{s}', '*').toLowerCase() : url.host;
  return `${url.protocol}//${host}`;
}
