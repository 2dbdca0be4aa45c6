import type { ReportFilterDimension } from '@mesura/protocol';

/** One value a filter can take: what it matches, and its Catalan name. */
export interface FilterValue {
  /** What the filter matches (the source report's row key, or the data layer's value). */
  value: string;
  label: string;
}

/**
 * The report whose rows are the values of a filter dimension, to offer them when a filter is
 * added (its rows' keys are what the filter matches).
 */
export const FILTER_VALUE_SOURCES: Partial<Record<ReportFilterDimension, string>> = {
  section: 'content/sections',
  subsection: 'content/subsections',
  programme: 'content/programmes',
  portal: 'content/portals',
  channel: 'media/plays-by-channel',
  device: 'technology/devices',
  campaign: 'acquisition/external-campaigns',
  // Keyed by code and by the database's name, labelled in Catalan (server/src/reports/place-labels.ts).
  country: 'geography/countries',
  region: 'geography/regions',
};

/**
 * Dimensions whose values are a fixed set: the data layer's login state (@mesura/datalayer
 * `loginState`) is `logat` or `no logat`, which nobody would guess from "Sessió iniciada".
 */
export const FIXED_FILTER_VALUES: Partial<Record<ReportFilterDimension, readonly FilterValue[]>> = {
  login: [
    { value: 'logat', label: 'Amb sessió iniciada' },
    { value: 'no logat', label: 'Sense sessió iniciada' },
  ],
};

/** How many values are offered: the period's most visited. */
export const FILTER_VALUE_SUGGESTIONS = 50;
