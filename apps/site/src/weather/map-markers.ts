import { MAP_HEIGHT_PX, MAP_PROJECTION, MAP_WIDTH_PX } from './catalonia-outline';

/**
 * Where each place's marker goes on the weather map: its point, projected as the outline was
 * (catalonia-outline.ts), and a box beside it for its link (icon and temperature) on the side where
 * it hides no other. Pure, so the first view and the browser lay the map out alike.
 */

/** A marker's link box, CSS pixels at the map's full size (weather-page.css keeps them equal). */
export const MARKER_WIDTH_PX = 58;
export const MARKER_HEIGHT_PX = 28;
/** Space between a place's point and its box. */
const MARKER_GAP_PX = 4;

/** Where a marker's box sits from its point, in the order tried. */
export type MarkerSide = 'right' | 'left' | 'above' | 'below' | 'above-right' | 'below-right' | 'above-left' | 'below-left';
const SIDES: readonly MarkerSide[] = ['right', 'left', 'above', 'below', 'above-right', 'below-right', 'above-left', 'below-left'];

interface Box {
  x: number;
  y: number;
}

export interface MarkerLayout {
  slug: string;
  /** The place's point, map pixels. */
  point: Box;
  /** The top-left corner of its link box, map pixels. */
  box: Box;
  side: MarkerSide;
}

/** Map pixels of a WGS 84 position. */
export function projectOnMap(latitude: number, longitude: number): Box {
  const { scale, translateX, translateY } = MAP_PROJECTION;
  const lambda = (longitude * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  return { x: translateX + scale * lambda, y: translateY - scale * Math.log(Math.tan(Math.PI / 4 + phi / 2)) };
}

function boxAt(point: Box, side: MarkerSide): Box {
  const beside = { right: point.x + MARKER_GAP_PX, left: point.x - MARKER_GAP_PX - MARKER_WIDTH_PX, centre: point.x - MARKER_WIDTH_PX / 2 };
  const level = { above: point.y - MARKER_GAP_PX - MARKER_HEIGHT_PX, below: point.y + MARKER_GAP_PX, middle: point.y - MARKER_HEIGHT_PX / 2 };
  const [horizontal, vertical] = {
    right: ['right', 'middle'],
    left: ['left', 'middle'],
    above: ['centre', 'above'],
    below: ['centre', 'below'],
    'above-right': ['right', 'above'],
    'below-right': ['right', 'below'],
    'above-left': ['left', 'above'],
    'below-left': ['left', 'below'],
  }[side] as [keyof typeof beside, keyof typeof level];
  return { x: beside[horizontal], y: level[vertical] };
}

const overlaps = (a: Box, b: Box) => Math.abs(a.x - b.x) < MARKER_WIDTH_PX && Math.abs(a.y - b.y) < MARKER_HEIGHT_PX;
const covers = (b: Box, point: Box) => point.x >= b.x && point.x <= b.x + MARKER_WIDTH_PX && point.y >= b.y && point.y <= b.y + MARKER_HEIGHT_PX;
const insideMap = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + MARKER_WIDTH_PX <= MAP_WIDTH_PX && b.y + MARKER_HEIGHT_PX <= MAP_HEIGHT_PX;

/** Side choices tried before the layout gives up looking for one without overlaps. */
const LAYOUT_SEARCH_STEPS_MAX = 20_000;

/**
 * Each place's marker: a side for each (tried in SIDES' order, the places in the order given, so
 * the main places keep their natural side where they can) such that every box stays on the map,
 * overlaps no other box and hides no other place's point. A depth-first search that steps back
 * when a place has no free side; past LAYOUT_SEARCH_STEPS_MAX tries, or with no such layout, a
 * place without a free side goes to the right anyway.
 */
export function layOutMarkers(places: readonly { slug: string; latitude: number; longitude: number }[]): MarkerLayout[] {
  const points = places.map(({ latitude, longitude }) => projectOnMap(latitude, longitude));
  const placed: MarkerLayout[] = [];
  const fits = (i: number, box: Box) => insideMap(box) && placed.every((other) => !overlaps(box, other.box)) && points.every((other, j) => j === i || !covers(box, other));
  let steps = 0;
  const search = (i: number): boolean => {
    if (i === places.length) return true;
    for (const side of SIDES) {
      if (++steps > LAYOUT_SEARCH_STEPS_MAX) return false;
      const box = boxAt(points[i]!, side);
      if (!fits(i, box)) continue;
      placed.push({ slug: places[i]!.slug, point: points[i]!, box, side });
      if (search(i + 1)) return true;
      placed.pop();
    }
    return false;
  };
  if (search(0)) return placed;
  // No layout without overlaps: each place takes its first free side, or the right.
  placed.length = 0;
  places.forEach(({ slug }, i) => {
    const side = SIDES.find((s) => fits(i, boxAt(points[i]!, s))) ?? 'right';
    placed.push({ slug, point: points[i]!, box: boxAt(points[i]!, side), side });
  });
  return placed;
}
