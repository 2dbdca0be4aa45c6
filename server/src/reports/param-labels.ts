/**
 * The Catalan names of a report's own parameters as asked (a drill-down's `section=noticies`,
 * `country=ES`, `event=3`), so that the console can title a drilled report «Subseccions: Notícies»
 * rather than by the codes in its address. A parameter nobody names (a page's address, a goal's
 * id) is left out: the console shows its value.
 */
import { REFERRER_GROUP_LABELS, type ReferrerGroup } from '../shared/referrer-groups.js';
import { sectionLabel, subsectionLabel } from './content-names.js';
import { directCallLabel } from './direct-call-names.js';
import { channelName, programmeName } from './media-channel-names.js';
import { countryLabel, regionLabel } from './place-labels.js';

const NAMERS: Readonly<Record<string, (value: string) => string>> = {
  section: sectionLabel,
  subsection: subsectionLabel,
  programme: programmeName,
  season: (value) => `Temporada ${value}`,
  channel: channelName,
  country: countryLabel,
  region: regionLabel,
  event: directCallLabel,
  group: (value) => REFERRER_GROUP_LABELS[value as ReferrerGroup] ?? value,
};

/** The names of the parameters that have one other than their value; undefined when none has. */
export function paramLabels(params: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const named = Object.entries(params).flatMap(([name, value]) => {
    const label = NAMERS[name]?.(value);
    return label !== undefined && label !== value ? [[name, label] as const] : [];
  });
  return named.length === 0 ? undefined : Object.fromEntries(named);
}
