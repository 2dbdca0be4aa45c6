import type { Sky } from '@mesura/content';
import type { ReactElement } from 'react';

/**
 * A pictogram per sky state, drawn inline as SVG (emoji pictograms depend on the system's fonts and
 * show as empty boxes where it has none). Always beside its Catalan label (sky.ts), so decorative:
 * hidden from assistive technology and never focusable. Colours come from the page's custom
 * properties, so the icons follow the site's themes.
 */
const SUN = (
  <g className="sky-icon__sun">
    <circle cx="12" cy="12" r="5" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" fill="none" strokeWidth="2" strokeLinecap="round" />
  </g>
);
const CLOUD = <path className="sky-icon__cloud" d="M9 27h15a6 6 0 0 0 0-12 8 8 0 0 0-15.4 2.5A4.8 4.8 0 0 0 9 27z" />;
const LOW_CLOUD = <path className="sky-icon__cloud" d="M9 22h15a6 6 0 0 0 0-12 8 8 0 0 0-15.4 2.5A4.8 4.8 0 0 0 9 22z" />;
const drops = (count: number) => (
  <path
    className="sky-icon__rain"
    d={[11, 17, 23]
      .slice(0, count)
      .map((x) => `M${x} 25l-2 5`)
      .join('')}
    fill="none"
    strokeWidth="2"
    strokeLinecap="round"
  />
);

const DRAWINGS: Record<Sky, ReactElement> = {
  clear: <g transform="translate(4 4)">{SUN}</g>,
  'partly-cloudy': (
    <>
      {SUN}
      {CLOUD}
    </>
  ),
  overcast: (
    <>
      <path className="sky-icon__cloud sky-icon__cloud--far" d="M6 18h12a5 5 0 0 0 0-10 7 7 0 0 0-13 2A4 4 0 0 0 6 18z" />
      {CLOUD}
    </>
  ),
  'light-rain': (
    <>
      {LOW_CLOUD}
      {drops(2)}
    </>
  ),
  rain: (
    <>
      {LOW_CLOUD}
      {drops(3)}
    </>
  ),
  storm: (
    <>
      {LOW_CLOUD}
      <path className="sky-icon__bolt" d="M17 20l-4 6h4l-2 5 6-7h-4l2-4z" />
    </>
  ),
  snow: (
    <>
      {LOW_CLOUD}
      <g className="sky-icon__snow">
        <circle cx="11" cy="26" r="1.6" />
        <circle cx="17" cy="29" r="1.6" />
        <circle cx="23" cy="26" r="1.6" />
      </g>
    </>
  ),
  fog: <path className="sky-icon__fog" d="M4 10h24M7 16h20M4 22h24M8 28h16" fill="none" strokeWidth="2.5" strokeLinecap="round" />,
};

/** The sky's pictogram, `size` CSS pixels square (the CSS may scale it). */
export function SkyIcon({ sky, size = 32 }: { sky: Sky; size?: number }) {
  return (
    <svg className={`sky-icon sky-icon--${sky}`} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      {DRAWINGS[sky]}
    </svg>
  );
}
