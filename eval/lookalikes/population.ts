/**
 * The businesses the lookalikes eval ranks, all real: the Y Combinator companies, Chicago business licences and
 * Texas gyro restaurants (CSV), the OpenStreetMap places of Halle and Skopje (Overpass JSON) from ../shared/fixtures,
 * and the real websites of eval/sites, enriched by the engine itself (software, summary, services, industry, size)
 * from their stored pages. Each business carries the facts Argo would have of it, and `group`: the label the eval
 * hides and finds again (a YC subindustry, a site's labelled industry), which the ranking never reads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimilarityBusiness } from '@argo/engine';
import { parse } from 'csv-parse/sync';
import { SHARED_FIXTURES } from '../corpus';
import { analyzeSite } from '../score-sites';
import { loadSites } from '../sites';

export interface EvalBusiness extends SimilarityBusiness {
  source: 'yc' | 'chicago' | 'gyro' | 'osm' | 'site';
  /** What the eval hides and finds again; never given to the ranking. */
  group: string | null;
}

const csv = (file: string): Record<string, string>[] => {
  const path = join(SHARED_FIXTURES, 'csv', file);
  if (!existsSync(path)) return [];
  return parse(readFileSync(path), {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
    bom: true,
  });
};

const number = (value: string | undefined) => {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : null;
};

function ycCompanies(): EvalBusiness[] {
  return csv('yc_companies_essential_data.csv').map((row) => ({
    id: `yc:${row.id}`,
    name: row.name ?? '',
    source: 'yc',
    // The top-level industry is the category a discovery would give; the subindustry is what is hidden.
    category: row.industry || null,
    text: [row.one_liner, row.long_description].filter(Boolean).join('. '),
    language: 'en',
    employees: number(row.team_size),
    group: row.subindustry && row.subindustry !== row.industry ? row.subindustry : null,
  }));
}

function chicagoLicences(): EvalBusiness[] {
  const seen = new Set<string>();
  return csv('chicago_business_licenses_w-chicago-ave.csv').flatMap((row) => {
    const name = row['DOING BUSINESS AS NAME'] || row['LEGAL NAME'] || '';
    // One business per licence term: the same account is listed again each term.
    const key = row['ACCOUNT NUMBER'] ?? name;
    if (!name || seen.has(key)) return [];
    seen.add(key);
    return [
      {
        id: `chicago:${key}`,
        name,
        source: 'chicago' as const,
        category: row['LICENSE DESCRIPTION'] || null,
        text: row['BUSINESS ACTIVITY'] || null,
        language: 'en',
        lat: number(row.LATITUDE),
        lng: number(row.LONGITUDE),
        group: null,
      },
    ];
  });
}

function gyroRestaurants(): EvalBusiness[] {
  return csv('google-maps-scraper_gyro-restaurants_plano-frisco-tx.csv').map((row, i) => ({
    id: `gyro:${i}`,
    name: row.title ?? '',
    source: 'gyro',
    category: row.category || null,
    text: row.descriptions || null,
    language: 'en',
    lat: number(row.latitude),
    lng: number(row.longitude),
    group: null,
  }));
}

function osmPlaces(): EvalBusiness[] {
  const files = [
    'veggiekarte-local_halle-saale_vegan-friendly_overpass.json',
    'FastFoodNearMe_skopje_fastfood_overpass.json',
  ];
  return files.flatMap((file) => {
    const path = join(SHARED_FIXTURES, 'osm', file);
    if (!existsSync(path)) return [];
    const data = JSON.parse(readFileSync(path, 'utf8')) as {
      elements: {
        type: string;
        id: number;
        lat?: number;
        lon?: number;
        center?: { lat: number; lon: number };
        tags?: Record<string, string>;
      }[];
    };
    return data.elements.flatMap((e) => {
      const tags = e.tags ?? {};
      if (!tags.name) return [];
      const category = tags.shop ?? tags.amenity ?? tags.craft ?? tags.tourism ?? null;
      return [
        {
          id: `osm:${e.type}/${e.id}`,
          name: tags.name,
          source: 'osm' as const,
          category,
          text: [tags.cuisine, tags.description].filter(Boolean).join(' ') || null,
          language: file.includes('halle') ? 'de' : 'en',
          lat: e.lat ?? e.center?.lat ?? null,
          lng: e.lon ?? e.center?.lon ?? null,
          group: null,
        },
      ];
    });
  });
}

/** The real sites, through the engine's own enrichment of their stored pages. */
async function enrichedSites(): Promise<EvalBusiness[]> {
  const out: EvalBusiness[] = [];
  for (const site of loadSites().sites) {
    const enrichment = await analyzeSite(site);
    const summary = enrichment.ai_summary;
    const software = (enrichment.software_detection?.technologies ?? [])
      .filter((t) => t.group === 'business')
      .map((t) => ({ name: t.name, categories: t.categories.map((c) => c.id) }));
    const labelled = site.truth.industry?.accept?.[0] ?? null;
    out.push({
      id: `site:${site.id}`,
      name: site.site.business,
      source: 'site',
      category: null,
      industry: summary?.industry ?? null,
      software,
      employees: summary?.employee_estimate ?? null,
      text: [summary?.summary, ...(summary?.services ?? [])].filter(Boolean).join('. '),
      language: summary?.language ?? site.site.languages[0] ?? null,
      group: labelled,
    });
  }
  return out;
}

export async function loadPopulation(): Promise<EvalBusiness[]> {
  return [
    ...ycCompanies(),
    ...chicagoLicences(),
    ...gyroRestaurants(),
    ...osmPlaces(),
    ...(await enrichedSites()),
  ];
}
