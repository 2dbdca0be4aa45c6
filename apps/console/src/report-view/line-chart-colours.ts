/**
 * The line chart's series colours, apart from line-chart.tsx so that a legend can name them
 * without loading uPlot's chunk.
 */
export const CURRENT_LINE_COLOUR = '#1d3557';
export const PREVIOUS_LINE_COLOUR = '#9fb3c8';
/** Colours of the further series, in order, after the current one's; they repeat past the last. */
export const FURTHER_SERIES_COLOURS = ['#c2410c', '#15803d', '#7e22ce', '#b45309', '#0e7490', '#be123c'];
