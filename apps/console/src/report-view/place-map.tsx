import { useMemo } from 'react';
import { geoMercator, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { ReportMap } from '@mesura/protocol';
import provincesTopology from 'es-atlas/es/provinces.json';
import worldTopology from 'world-atlas/countries-110m.json';
import { MAP_EMPTY_COLOUR, MAP_HIDDEN_COLOUR, mapShade } from './map-shades';

export interface MapPlace {
  /** The row's key: a country's ISO alpha-2 code, or a province as es-atlas names it. */
  key: string;
  label: string;
  /** null: no value, or hidden by the minimum cohort (then `text` says "< N"). */
  value: number | null;
  text: string;
}

interface Shape {
  id: string;
  outline: Feature<Geometry, { name?: string }>;
}

/** Catalonia's provinces by their INE codes in es-atlas. */
const CATALAN_PROVINCE_CODES = new Set(['08', '17', '25', '43']);
const WIDTH = 640;
const HEIGHT = { world: 330, catalonia: 480 } as const;

/** The outlines of a map, each with the key its rows carry. */
function shapesOf(map: ReportMap): Shape[] {
  if (map === 'world') {
    const all = feature(worldTopology, worldTopology.objects.countries) as FeatureCollection<Geometry, { name?: string }>;
    // Antarctica takes a fifth of the drawing and holds no visitors.
    return all.features.filter((f) => f.id !== '010').map((outline) => ({ id: countries.numericToAlpha2(String(outline.id)) ?? String(outline.id), outline }));
  }
  const all = feature(provincesTopology, provincesTopology.objects.provinces) as FeatureCollection<Geometry, { name?: string }>;
  return all.features.filter((f) => CATALAN_PROVINCE_CODES.has(String(f.id))).map((outline) => ({ id: outline.properties?.name ?? '', outline }));
}

function projectionOf(map: ReportMap, shapes: Shape[]): GeoProjection {
  const collection: FeatureCollection = { type: 'FeatureCollection', features: shapes.map((s) => s.outline) };
  return (map === 'world' ? geoNaturalEarth1() : geoMercator()).fitSize([WIDTH, HEIGHT[map]], collection);
}

/**
 * A ranking of places shaded on a map (a choropleth): the darker, the more. Each place's name and
 * figure are its tooltip; the table beside the chart holds the same figures for every reader, so
 * the drawing is an image with a name. Outlines: Natural Earth's countries (world-atlas) and the
 * National Geographic Institute's provinces (es-atlas), the same file the server places cities with.
 */
export default function PlaceMap({ map, places, name }: { map: ReportMap; places: MapPlace[]; name: string }) {
  const drawn = useMemo(() => {
    const shapes = shapesOf(map);
    const path = geoPath(projectionOf(map, shapes));
    return shapes.map((shape) => ({ id: shape.id, d: path(shape.outline) ?? '', fallbackName: shape.outline.properties?.name ?? shape.id }));
  }, [map]);
  const byKey = new Map(places.map((place) => [place.key, place]));
  const top = Math.max(1, ...places.map((place) => place.value ?? 0));
  return (
    <svg className="place-map" viewBox={`0 0 ${WIDTH} ${HEIGHT[map]}`} role="img" aria-label={name}>
      {drawn.map(({ id, d, fallbackName }) => {
        const place = byKey.get(id);
        const fill = place === undefined ? MAP_EMPTY_COLOUR : place.value === null ? MAP_HIDDEN_COLOUR : mapShade(place.value / top);
        return (
          <path key={id} d={d} fill={fill} className="place-map__place">
            <title>{place ? `${place.label}: ${place.text}` : fallbackName}</title>
          </path>
        );
      })}
    </svg>
  );
}
