// The map outlines' TopoJSON files (place-map.tsx), typed once here rather than inferred from
// hundreds of kilobytes of JSON.
declare module 'world-atlas/countries-110m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';
  const topology: Topology<{ countries: GeometryCollection<{ name?: string }>; land: GeometryCollection }>;
  export default topology;
}

declare module 'es-atlas/es/provinces.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';
  const topology: Topology<{ provinces: GeometryCollection<{ name?: string }>; autonomous_regions: GeometryCollection; border: GeometryCollection }>;
  export default topology;
}
