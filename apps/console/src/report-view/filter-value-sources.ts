import type { ReportFilterDimension } from '@mesura/protocol';

/**
 * The report whose rows are the values of a filter dimension, to offer them when a filter is
 * added (its rows' keys are what the filter matches). Dimensions without one are typed.
 */
export const FILTER_VALUE_SOURCES: Partial<Record<ReportFilterDimension, string>> = {
  section: 'content/sections',
  subsection: 'content/subsections',
  programme: 'content/programmes',
  device: 'technology/devices',
  campaign: 'acquisition/external-campaigns',
};

/** How many values are offered: the period's most visited. */
export const FILTER_VALUE_SUGGESTIONS = 50;
