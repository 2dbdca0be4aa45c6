import type { Sky } from '@mesura/content';

/** The Catalan wording of each sky state: the visible label beside each icon (sky-icon.tsx). */
export const SKY_LABELS: Record<Sky, string> = {
  clear: 'Cel serè',
  'partly-cloudy': 'Núvols i clarianes',
  overcast: 'Cel cobert',
  'light-rain': 'Pluja feble',
  rain: 'Pluja',
  storm: 'Tempesta',
  snow: 'Neu',
  fog: 'Boira',
};
