import type { Sky } from '@mesura/content';

/** The Catalan wording of each sky state: the icon's accessible name and the visible label. */
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

/** A pictogram per sky state; decorative next to its label, so hidden from assistive technology. */
export const SKY_ICONS: Record<Sky, string> = {
  clear: '☀️',
  'partly-cloudy': '⛅',
  overcast: '☁️',
  'light-rain': '🌦️',
  rain: '🌧️',
  storm: '⛈️',
  snow: '🌨️',
  fog: '🌫️',
};
