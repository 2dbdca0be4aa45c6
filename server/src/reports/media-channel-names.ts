/** The TV channels and radio stations of the content catalogue, by slug, as the media reports name them. */
import { createSeedContent } from '@mesura/content';

interface Catalogue {
  names: ReadonlyMap<string, string>;
  channels: readonly string[];
  stations: readonly string[];
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
    };
  }
  return catalogue;
}

/** The name of a channel or station slug, or the slug itself when the catalogue lacks it. */
export function channelName(slug: string): string {
  return loaded().names.get(slug) ?? slug;
}

/** Every TV channel and radio station with a guide. */
export function guideChannels(): readonly string[] {
  return [...loaded().channels, ...loaded().stations];
}

/** The radio stations. */
export function stationSlugs(): readonly string[] {
  return loaded().stations;
}
