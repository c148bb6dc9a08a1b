// The engine's public API: discovery sources, normalisation and de-duplication (the crawler, analyzers and CSV
// import add theirs). A plain library: no HTTP framework, no database.

export {
  type AnalyzeCareersOptions,
  ATS_NAMES,
  type AtsKey,
  analyzeCareers,
  type CareerAnalysis,
  type CareerMethod,
  findAtsReferences,
  findCareersPages,
  type JobRole,
  parseAtsUrl,
} from './analyze/careers';
export {
  ANALYZER_TYPES,
  type AnalyzerType,
  type EnrichContext,
  type EnrichedPage,
  enrichSite,
  type PreviousResults,
  type SiteEnrichment,
} from './analyze/enrich';
export { explainIcp } from './analyze/icp/explain';
export {
  DECISION_MAKER_SENIORITIES,
  decisionMakersFrom,
  type IcpBusiness,
  type IcpCareerFacts,
  type IcpFactsInput,
  type IcpPeopleFacts,
  type IcpSummaryFacts,
  icpFactsFrom,
} from './analyze/icp/facts';
export { employeeCountFromFile, type FileAttribute, isEmployeeHeader } from './analyze/icp/file-facts';
export { INDUSTRY_SYNONYMS } from './analyze/icp/match';
export { looseKey } from './analyze/icp/place-names';
export { matchLocation, matchPlace, usStateCode } from './analyze/icp/places';
export {
  EXCLUSION_SCORE_CAP,
  ICP_WEIGHTS,
  type IcpCriterion,
  KEYWORDS_FOR_FULL_POINTS,
  scoreIcp,
  TIER_CUTOFFS,
  tierFor,
} from './analyze/icp/score';
export type {
  IcpAnalysis,
  IcpAreas,
  IcpCriteria,
  IcpDecisionMaker,
  IcpFacts,
  IcpReason,
  IcpTier,
} from './analyze/icp/types';
export {
  analyzePeople,
  type ClassifiedEmail,
  type CompanyFact,
  type CompanyFacts,
  type CompanyRegister,
  createMxChecker,
  type EmailKind,
  type EmailPattern,
  type MxCheck,
  type MxChecker,
  type MxCheckerOptions,
  type MxStatus,
  type PeopleAnalysis,
  type PeopleOptions,
  type Person,
  type PersonSource,
  type Seniority,
  type SuggestedEmail,
  seniorityOf,
  type VatId,
} from './analyze/people';
export {
  FINGERPRINT_MANIFEST,
  readFingerprintData,
  readWappalyzerData,
} from './analyze/software/data';
export { detectSoftware, detectSoftwareFromHtml, warmUpSoftwareDetection } from './analyze/software/detect';
export {
  compileFingerprints,
  type Fingerprints,
  getFingerprints,
} from './analyze/software/fingerprints';
export { groupOf } from './analyze/software/groups';
export type {
  Detection,
  DetectionCategory,
  DetectionGroup,
  Evidence,
  EvidenceType,
  FingerprintData,
} from './analyze/software/types';
export {
  type AiSummary,
  type ContactFact,
  type ContactKind,
  type CustomerType,
  classifyIndustry,
  INDUSTRIES,
  INDUSTRY_KEYWORDS,
  type Industry,
  MODEL_TEXT_BUDGET,
  type SummarizeOptions,
  summarizeSite,
} from './analyze/summary';
export { decodeHtml } from './crawl/charset';
export {
  type CrawlError,
  type CrawlSiteOptions,
  crawlSite,
  type SiteCrawl,
} from './crawl/crawl-site';
export {
  createStaticResolver,
  type ResolvedAddress,
  type Resolver,
  systemResolver,
} from './crawl/dns';
export {
  ARGO_BOT_USER_AGENT,
  createFetcher,
  type Fetcher,
  type FetchPageOptions,
  type FetchTextOptions,
} from './crawl/fetcher';
export { useCompactHeapForJobs } from './crawl/heap';
export {
  type FetchedPage,
  type PageInput,
  type ParsedPage,
  pageFromFetch,
  pageFromHtml,
  parseHtml,
} from './crawl/page';
export {
  CUSTOMER_PAGE_KEYWORDS,
  extractLinks,
  type PageLink,
  type PlannedPage,
  type PlanOptions,
  planCustomerPages,
  planPages,
  scoreCustomerLink,
} from './crawl/planner';
export { AddressAllowList, addressRefusal, SsrfError } from './crawl/ssrf';
export type {
  Cookie,
  FetchError,
  FetchErrorKind,
  FetcherOptions,
  FetchResult,
  PageRole,
} from './crawl/types';
export { matchKeys, streetKey } from './dedupe/keys';
export {
  createBusinessMerger,
  DEFAULT_SOURCE_TRUST,
  type MergedBusiness,
  type MergeOptions,
  mergeBusinesses,
  type SourceRef,
} from './dedupe/merge';
export { type AreaOptions, resolveSearchArea, type SearchArea } from './discovery/area';
export {
  COMPETITOR_SOURCE,
  type CompetitorCustomers,
  type CompetitorCustomersOptions,
  type CompetitorPageError,
  findCompetitorCustomers,
  mergeCompetitorCustomers,
} from './discovery/competitors/competitor-customers';
export {
  type CustomerEvidence,
  type EvidenceKind,
  extractCustomers,
  NON_CUSTOMER_SITES,
} from './discovery/competitors/extract';
export { type DiscoveryService, describeSourceFailure } from './discovery/failure';
export {
  type GooglePlace,
  googlePlaceToBusiness,
  PLACES_FIELD_MASK,
} from './discovery/google/places-mapping';
export {
  createGooglePlacesSource,
  DEFAULT_GOOGLE_PLACES_URL,
  type GooglePlacesOptions,
} from './discovery/google/places-source';
export {
  CATEGORIES,
  type CategoryDefinition,
  categoryKey,
  escapeRegex,
  fallbackFilters,
  type ResolvedCategory,
  type ResolvedQuery,
  resolveCategory,
  resolveQuery,
  type TagCondition,
  type TagFilter,
} from './discovery/osm/categories';
export {
  createNominatimGeocoder,
  type GeocodeResult,
  type Geocoder,
  type NominatimOptions,
} from './discovery/osm/nominatim';
export {
  mainTagCategory,
  type NormalizedOverpass,
  normalizeOverpassResponse,
  type OsmMappingOptions,
  osmElementToBusiness,
} from './discovery/osm/osm-element';
export {
  createOsmHttpClient,
  DEFAULT_NOMINATIM_URL,
  DEFAULT_OVERPASS_URL,
  NOMINATIM_MIN_INTERVAL_MS,
  OSM_ATTRIBUTION,
} from './discovery/osm/osm-http';
export { createOsmSource, type OsmSourceOptions } from './discovery/osm/osm-source';
export {
  createOverpassClient,
  type OverpassClient,
  type OverpassElement,
  type OverpassResponse,
} from './discovery/osm/overpass';
export { buildOverpassQuery, type OverpassQueryOptions } from './discovery/osm/overpass-query';
export {
  type DiscoverRequest,
  type DiscoveryBatch,
  DiscoveryError,
  type DiscoveryProgress,
  type DiscoverySource,
  type RawBusiness,
} from './discovery/source';
export { createDiscoverySources, type DiscoverySourcesConfig } from './discovery/sources';
export { quarterBbox, splitBbox, type TileResult, type TileStep, walkTiles } from './discovery/tiles';
export { type AreaKind, locateInArea, type PlaceArea, type PolygonRings } from './geo/area';
export {
  type AreaGeocoder,
  type AreaGeocoderOptions,
  createNominatimAreaGeocoder,
} from './geo/area-geocoder';
export { type BBox, bboxAreaKm2, bboxAround, bboxCenter, distanceMeters, type LatLng } from './geo/geo';
export { type AsyncCache, createLruCache, type LruCache } from './http/cache';
export {
  buildUserAgent,
  createHttpClient,
  DEFAULT_USER_AGENT,
  type HttpClient,
  type HttpClientOptions,
} from './http/client';
export { type Clock, systemClock } from './http/clock';
export { HttpError, HttpTimeoutError } from './http/errors';
export { createHostLimiter, type HostLimiter } from './http/rate-limit';
export { CsvFormatError, type TextEncodingName } from './import/decode';
export {
  IMPORT_BATCH_SIZE,
  type ImportBatch,
  type ImportCsvOptions,
  type ImportProgress,
  importCsv,
  linkAcrossBatches,
} from './import/import';
export { normalizeHeader, type SuggestedMapping, suggestMapping } from './import/mapping';
export {
  type CsvPreviewResult,
  type CsvRow,
  type CsvSource,
  type ParseCsvOptions,
  type ParsedCsv,
  parseCsv,
  previewCsv,
} from './import/parse';
export {
  createRowMapper,
  IMPORT_SOURCE,
  type ImportMapping,
  ImportMappingError,
  type MapRowResult,
  mapRow,
  type RowWarning,
} from './import/rows';
export type { Delimiter } from './import/sniff';
export {
  type CompletionRequest,
  type LanguageModel,
  LanguageModelError,
  type LanguageModelErrorKind,
} from './llm/language-model';
export {
  createOpenAiCompatibleModel,
  type OpenAiCompatibleOptions,
} from './llm/openai-compatible';
export {
  type AddressParts,
  addressFromOsmTags,
  formatStreetLine,
  parseAddressLine,
  splitAddress,
} from './normalize/address';
export { countryFromName, NUMBER_FIRST_COUNTRIES, toCountryCode, US_STATES } from './normalize/countries';
export {
  classifyWebsite,
  domainFromUrl,
  NON_BUSINESS_DOMAINS,
  normalizeWebsite,
  parseWebsite,
  SUBDOMAIN_HOSTS,
} from './normalize/domain';
export { normalizeEmail } from './normalize/email';
export { cleanName, nameKey } from './normalize/name';
export { normalizePhone } from './normalize/phone';
