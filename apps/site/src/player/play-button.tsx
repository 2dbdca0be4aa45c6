/**
 * media-chrome's play button with a tooltip that says the button's own name. The library's tooltip
 * holds both texts ("Reprodueix" and "Pausa") and hides one with CSS on a slot, which axe-core does
 * not follow: it read both as the button's visible text, which its name lacks (WCAG 2.5.3). Here the
 * tooltip holds one text, chosen from the same `mediapaused` attribute that media-chrome names the
 * button from, so the two never differ.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';

/** The attribute media-chrome's controller sets on the button while the media is paused. */
const PAUSED_ATTRIBUTE = 'mediapaused';

/** What a press does, as media-chrome names the button (media-chrome-catalan.ts `play`, `pause`). */
export function playButtonLabel(paused: boolean): string {
  return paused ? 'Reprodueix' : 'Pausa';
}

export function PlayButton() {
  const button = useRef<HTMLElement>(null);
  const paused = useAttributePresent(button, PAUSED_ATTRIBUTE);
  return (
    <media-play-button ref={button}>
      <span slot="tooltip-content">{playButtonLabel(paused)}</span>
    </media-play-button>
  );
}

/** Whether `element` carries `attribute`, followed as it changes. */
function useAttributePresent(element: RefObject<HTMLElement | null>, attribute: string): boolean {
  const [present, setPresent] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const read = () => setPresent(target.hasAttribute(attribute));
    read();
    const observer = new MutationObserver(read);
    observer.observe(target, { attributes: true, attributeFilter: [attribute] });
    return () => observer.disconnect();
  }, [element, attribute]);
  return present;
}
