/**
 * What the content reports call a section or a subsection: the site's sections by their Catalan
 * names (`@mesura/content` SITE_SECTION_NAMES), and as subsections the news sections and their own
 * subsections, the programmes, channels, stations and the weather's places, by the content set's names. A slug nobody
 * names shows as it is; the data layer's default for a page without one (spec §5, "No informat")
 * reads as what it means.
 */
import { createSeedContent, PLACES, SITE_SECTION_NAMES } from '@mesura/content';
import { NOT_INFORMED_LOWER } from '../store/not-informed-sql.js';

const NO_SECTION = 'Sense secció';
const NO_SUBSECTION = 'Sense subsecció';
/** What the data layer's default reads as for the other page columns the content reports rank by. */
const NOT_INFORMED_AS: Readonly<Record<'author' | 'thematic', string>> = { author: 'Sense autor', thematic: 'Sense tema' };

let subsectionNames: ReadonlyMap<string, string> | undefined;

/** Read once, when a content report first asks. */
function loadedSubsections(): ReadonlyMap<string, string> {
  if (subsectionNames === undefined) {
    const content = createSeedContent();
    subsectionNames = new Map<string, string>([
      ...Object.entries(SITE_SECTION_NAMES),
      ...content.sections.flatMap((section) => [[section.slug, section.name] as const, ...section.subsections.map((sub) => [sub.slug, sub.name] as const)]),
      ...content.programmes.map((programme) => [programme.slug, programme.title] as const),
      ...[...content.channels, ...content.stations].map((channel) => [channel.slug, channel.name] as const),
      // The weather's pages are subsections by place.
      ...PLACES.map((place) => [place.slug, place.name] as const),
    ]);
  }
  return subsectionNames;
}

const notInformed = (key: string) => key.trim().toLowerCase() === NOT_INFORMED_LOWER;

/** A site section's name (`el-temps` → «El temps»). */
export function sectionLabel(key: string): string {
  if (notInformed(key)) return NO_SECTION;
  return SITE_SECTION_NAMES[key] ?? key;
}

/** A subsection's name: a news section, a programme, a channel or a station (`mesura-tv` → «Mesura TV»). */
export function subsectionLabel(key: string): string {
  if (notInformed(key)) return NO_SUBSECTION;
  return loadedSubsections().get(key) ?? key;
}

/** An author's or a theme's name as sent, the data layer's default said as what it means. */
export function pageColumnLabel(column: 'author' | 'thematic'): (key: string) => string {
  return (key) => (notInformed(key) ? NOT_INFORMED_AS[column] : key);
}
