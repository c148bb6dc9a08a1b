// The engine's public API: discovery sources, normalisation and de-duplication (the crawler, analyzers and CSV
// import add theirs). A plain library: no HTTP framework, no database.

export {
  analyzeCareers,
  type CareerAnalysis,
} from './analyze/careers';
export {
  type EnrichContext,
  enrichSite,
  type PreviousResults,
  type SiteEnrichment,
} from './analyze/enrich';

export { employeeCountFromFile } from './analyze/icp/file-facts';

export type { IcpAreas } from './analyze/icp/types';
export {
  analyzePeople,
  createMxChecker,
  type MxChecker,
  type PeopleAnalysis,
  splitPersonName,
} from './analyze/people';

export { detectSoftware, warmUpSoftwareDetection } from './analyze/software/detect';

export { groupOf } from './analyze/software/groups';
export type { Detection } from './analyze/software/types';
export {
  type AiSummary,
  INDUSTRIES,
  type Industry,
  summarizeSite,
} from './analyze/summary';
// Saved pages read as a crawl reads them: BOM, <meta charset>, else UTF-8 with Windows-1252 for bytes that are not.
export { decodeHtml } from './crawl/charset';
export {
  crawlSite,
  type SiteCrawl,
} from './crawl/crawl-site';
export { createStaticResolver } from './crawl/dns';
export {
  createFetcher,
  type Fetcher,
} from './crawl/fetcher';
export { useCompactHeapForJobs } from './crawl/heap';
export {
  pageFromFetch,
  pageFromHtml,
} from './crawl/page';
export { type PageVersion, pageVersionsOf, recrawlSite } from './crawl/recrawl';
export type { HostGate } from './crawl/scheduler';

export type {
  FetchErrorKind,
  FetcherOptions,
  FetchResult,
  PageRole,
} from './crawl/types';

export {
  type MergedBusiness,
  mergeBusinesses,
  type SourceRef,
} from './dedupe/merge';
export { resolveSearchArea } from './discovery/area';
export {
  findCompetitorCustomers,
  mergeCompetitorCustomers,
} from './discovery/competitors/competitor-customers';

export { type DiscoveryService, describeSourceFailure, isConfigurationFault } from './discovery/failure';

export {
  createGooglePlacesSource,
  type GooglePlacesOptions,
} from './discovery/google/places-source';

export {
  createNominatimGeocoder,
  type GeocodeResult,
  type Geocoder,
} from './discovery/osm/nominatim';
export { normalizeOverpassResponse } from './discovery/osm/osm-element';
export {
  createOsmHttpClient,
  OSM_ATTRIBUTION,
} from './discovery/osm/osm-http';
export { createOsmSource, type OsmSourceOptions } from './discovery/osm/osm-source';
export type {
  OverpassElement,
  OverpassResponse,
} from './discovery/osm/overpass';

export {
  type DiscoveryBatch,
  DiscoveryError,
  type DiscoverySource,
  type RawBusiness,
} from './discovery/source';

export { splitBbox } from './discovery/tiles';
export type { PlaceArea } from './geo/area';
export {
  type AreaGeocoder,
  createNominatimAreaGeocoder,
} from './geo/area-geocoder';
export { type BBox, bboxAreaKm2, distanceMeters } from './geo/geo';
export { type AsyncCache, createLruCache } from './http/cache';
export {
  buildUserAgent,
  type HttpClient,
} from './http/client';

export { businessToolsOf } from './icp/business-tools';
export {
  builtinContent,
  businessSubject,
  type ContentSubject,
  EMAIL_WORD_LIMIT,
  modelContent,
  profileSubject,
  wordCount,
} from './icp/content';
export type { BusinessFacts, SenderFacts, VentureFacts } from './icp/facts';

export { type Recipient, recipientOf } from './icp/recipient';
export {
  buildSegments,
  describeSegment,
  type Segment,
} from './icp/segments';

export { CsvFormatError } from './import/decode';
export {
  IMPORT_BATCH_SIZE,
  type ImportBatch,
  importCsv,
} from './import/import';
export { type SuggestedMapping, suggestMapping } from './import/mapping';
export {
  type CsvPreviewResult,
  previewCsv,
} from './import/parse';
export {
  type ImportMapping,
  ImportMappingError,
} from './import/rows';
export type { Delimiter } from './import/sniff';
export type { LanguageModel } from './llm/language-model';
export { createOpenAiCompatibleModel } from './llm/openai-compatible';
export { splitAddress } from './normalize/address';
export { toCountryCode } from './normalize/countries';
export {
  domainFromUrl,
  parseWebsite,
} from './normalize/domain';
export { normalizeEmail } from './normalize/email';
export { cleanName } from './normalize/name';
export { normalizePhone } from './normalize/phone';

export * from './signals';
export * from './similarity';

export { createWebhookSender, type WebhookSender, webhookUrlRefusal } from './webhooks/send';
export { signWebhookBody, verifyWebhookSignature } from './webhooks/signature';
