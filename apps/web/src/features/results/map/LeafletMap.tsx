/**
 * The map itself (Leaflet through react-leaflet): the configured raster tiles, the discovery's search area, and
 * the businesses as clustered markers coloured by tier. Loaded on demand (React.lazy in ResultsMap), so neither
 * /results' table nor /login carries Leaflet.
 */
import 'leaflet/dist/leaflet.css';
import type { MapPoint, PublicConfig, SearchArea } from '@argo/contract';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Circle, MapContainer, Marker, Rectangle, TileLayer, useMap } from 'react-leaflet';
import {
  bestTier,
  boundsOf,
  buildMapIndex,
  describeCluster,
  featuresIn,
  type MapFeature,
  type MapIndex,
  type TierCounts,
  tierRing,
} from './clusters';
import classes from './LeafletMap.module.css';
import { TIER_COLOR, TIER_KEYS, type TierKey } from './tiers';

export interface LeafletMapProps {
  points: readonly MapPoint[];
  area: SearchArea | null;
  tiles: PublicConfig['map'];
  height: number;
  onOpenBusiness: (id: string) => void;
  /** A tile could not be loaded (the tile server is down or refused): the caller says so above the map. */
  onTileError: () => void;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Leaflet's attribution is HTML: the configured text, escaped, linked to the provider's terms. */
function attributionHtml(tiles: PublicConfig['map']): string {
  const text = escapeHtml(tiles.attribution);
  if (!tiles.attribution_url) return text;
  return `<a href="${escapeHtml(tiles.attribution_url)}" target="_blank" rel="noreferrer">${text}</a>`;
}

export default function LeafletMap({
  points,
  area,
  tiles,
  height,
  onOpenBusiness,
  onTileError,
}: LeafletMapProps) {
  const bounds = useMemo(() => boundsOf(points, area?.bbox ?? null), [points, area]);
  const index = useMemo(() => buildMapIndex(points), [points]);
  if (!bounds) return null;
  const [south, west, north, east] = bounds;
  return (
    <MapContainer
      className={classes.map}
      style={{ height }}
      bounds={[
        [south, west],
        [north, east],
      ]}
      boundsOptions={{ padding: [32, 32], maxZoom: 15 }}
      maxZoom={tiles.max_zoom}
      attributionControl
      worldCopyJump
    >
      <TileLayer
        url={tiles.tile_url}
        attribution={attributionHtml(tiles)}
        maxZoom={tiles.max_zoom}
        // OpenStreetMap's tile policy asks for a Referer; the app sends none elsewhere (helmet's no-referrer).
        referrerPolicy="strict-origin-when-cross-origin"
        eventHandlers={{ tileerror: onTileError }}
      />
      <AttributionPrefix />
      {area && <SearchAreaShape area={area} />}
      <Clusters index={index} onOpenBusiness={onOpenBusiness} />
    </MapContainer>
  );
}

/** Leaflet's own credit (its flag and link) left out: the tile provider's attribution is the one that is owed. */
function AttributionPrefix() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl.setPrefix(false);
  }, [map]);
  return null;
}

function SearchAreaShape({ area }: { area: SearchArea }) {
  const style = {
    color: 'var(--mantine-primary-color-filled)',
    weight: 2,
    dashArray: '6 6',
    fillOpacity: 0.04,
    interactive: false,
    className: classes.area,
  };
  if (area.radius_km !== null) {
    return <Circle center={[area.center.lat, area.center.lng]} radius={area.radius_km * 1000} {...style} />;
  }
  const [south, west, north, east] = area.bbox;
  return (
    <Rectangle
      bounds={[
        [south, west],
        [north, east],
      ]}
      {...style}
    />
  );
}

/** The clusters and businesses in view, recomputed whenever the map stops moving. */
function Clusters({ index, onOpenBusiness }: { index: MapIndex; onOpenBusiness: (id: string) => void }) {
  const map = useMap();
  const [features, setFeatures] = useState<MapFeature[]>([]);
  useEffect(() => {
    const update = () => {
      const box = map.getBounds();
      setFeatures(
        featuresIn(index, [box.getWest(), box.getSouth(), box.getEast(), box.getNorth()], map.getZoom()),
      );
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map, index]);

  return features.map((feature) =>
    feature.kind === 'business' ? (
      <Marker
        key={feature.id}
        position={[feature.lat, feature.lng]}
        icon={businessIcon(feature.tier)}
        title={feature.name}
        keyboard
        eventHandlers={{ click: () => onOpenBusiness(feature.id) }}
      />
    ) : (
      <Marker
        key={`cluster-${feature.clusterId}`}
        position={[feature.lat, feature.lng]}
        icon={clusterIcon(feature.count, feature.tiers)}
        title={`${describeCluster(feature.count, feature.tiers)}. Zoom in`}
        keyboard
        eventHandlers={{
          click: () =>
            map.flyTo(
              [feature.lat, feature.lng],
              Math.min(index.getClusterExpansionZoom(feature.clusterId), map.getMaxZoom()),
            ),
        }}
      />
    ),
  );
}

const BUSINESS_ICONS = new Map<TierKey, L.DivIcon>(
  TIER_KEYS.map((tier) => [
    tier,
    L.divIcon({
      className: classes.business,
      html: `<span style="background:${TIER_COLOR[tier]}" data-tier="${tier}"></span>`,
      iconSize: [16, 16],
    }),
  ]),
);
const businessIcon = (tier: TierKey) => BUSINESS_ICONS.get(tier) as L.DivIcon;

/**
 * A cluster: its count on a ring of its tiers' shares (a cluster of A and D businesses is half green, half grey),
 * larger for more businesses; `data-tier` names its best tier.
 */
function clusterIcon(count: number, tiers: TierCounts): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 48;
  const label = count < 10_000 ? count.toLocaleString('en-US') : `${Math.round(count / 1000)}k`;
  return L.divIcon({
    className: classes.cluster,
    html: `<span style="background:${tierRing(tiers, TIER_COLOR)};width:${size}px;height:${size}px" data-tier="${bestTier(tiers)}"><b>${label}</b></span>`,
    iconSize: [size, size],
  });
}
