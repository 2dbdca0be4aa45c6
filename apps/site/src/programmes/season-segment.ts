/** The season segment of `/programes/{programa}/temporada-{n}/`, as sitePaths.season writes it. */
const SEASON_SEGMENT = /^temporada-([1-9][0-9]{0,2})$/;

/** The season number of a path segment, or undefined when it is not `temporada-{n}` (a not-found page). */
export function parseSeasonSegment(segment: string | undefined): number | undefined {
  const match = SEASON_SEGMENT.exec(segment ?? '');
  return match === null ? undefined : Number(match[1]);
}
