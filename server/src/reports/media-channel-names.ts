/**
 * The TV channels, radio stations and programmes of the content catalogue, by slug or code, as the
 * media reports name them.
 */
import { createSeedContent } from '@mesura/content';

interface Catalogue {
  names: ReadonlyMap<string, string>;
  channels: readonly string[];
  stations: readonly string[];
  /** A programme's title by its code (`MESURA-NOTICIES`), the key the heartbeats carry. */
  programmes: ReadonlyMap<string, string>;
}

let catalogue: Catalogue | undefined;

/** Read once, when a media report first asks. */
function loaded(): Catalogue {
  if (catalogue === undefined) {
    const content = createSeedContent();
    catalogue = {
      names: new Map([...content.channels, ...content.stations].map((c) => [c.slug, c.name])),
      channels: content.channels.map((c) => c.slug),
      stations: content.stations.map((s) => s.slug),
      programmes: new Map(content.programmes.map((p) => [p.code, p.title])),
    };
  }
  return catalogue;
}

/** The name of a channel or station slug, or the slug itself when the catalogue lacks it. */
export function channelName(slug: string): string {
  return loaded().names.get(slug) ?? slug;
}

/** The title of a programme code, or the code itself when the catalogue lacks it. */
export function programmeName(code: string): string {
  return loaded().programmes.get(code) ?? code;
}

/** Every TV channel and radio station with a guide. */
export function guideChannels(): readonly string[] {
  return [...loaded().channels, ...loaded().stations];
}

/** The radio stations. */
export function stationSlugs(): readonly string[] {
  return loaded().stations;
}
