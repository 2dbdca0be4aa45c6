import { createRequire } from 'node:module';
import { geoBounds, geoContains } from 'd3-geo';
import type { Feature, GeoJsonProperties, Geometry } from 'geojson';
import { LRUCache } from 'lru-cache';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The Spanish province a point lies in. The city database (geolocate.ts) gives Spain's autonomous
 * community but no province; its city has coordinates, and the provinces' outlines are the
 * National Geographic Institute's as es-atlas publishes them (the console draws its maps from the
 * same file, so a province's name is the same on both). Names are es-atlas's: official, in both
 * languages where there are two ("Alacant/Alicante").
 */
export type ProvinceAt = (longitude: number, latitude: number) => string | null;

/** Points placed at once: a city's coordinates repeat with every visitor from it. */
export const PROVINCE_CACHE_ENTRIES = 4096;

interface Province {
  name: string;
  shape: Feature<Geometry, GeoJsonProperties>;
  /** [[west, south], [east, north]], to rule most provinces out before the exact test. */
  bounds: [[number, number], [number, number]];
}

let provinces: Province[] | undefined;

/** The outlines, read once per process. */
function loadProvinces(): Province[] {
  if (provinces) return provinces;
  const topology = createRequire(import.meta.url)('es-atlas/es/provinces.json') as Topology<{ provinces: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.provinces);
  provinces = collection.features.map((shape) => ({ name: String(shape.properties?.name), shape, bounds: geoBounds(shape) }));
  return provinces;
}

const within = ([[west, south], [east, north]]: Province['bounds'], longitude: number, latitude: number) => longitude >= west && longitude <= east && latitude >= south && latitude <= north;

export function createProvinceAt(): ProvinceAt {
  const all = loadProvinces();
  const placed = new LRUCache<string, { name: string | null }>({ max: PROVINCE_CACHE_ENTRIES });
  return (longitude, latitude) => {
    const key = `${longitude},${latitude}`;
    const known = placed.get(key);
    if (known) return known.name;
    const found = all.find((p) => within(p.bounds, longitude, latitude) && geoContains(p.shape, [longitude, latitude]));
    placed.set(key, { name: found?.name ?? null });
    return found?.name ?? null;
  };
}
