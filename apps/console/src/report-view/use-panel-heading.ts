/**
 * The id of the heading that names the report panel a control sits in (the panel's
 * `aria-labelledby`), for a control to add it to its own name: a page of several reports, or a
 * dashboard of several tiles, then lists «Envia per correu l'informe Pàgines» and «… Seccions»
 * rather than the same words twice. Read from the page once drawn, so the control needs no prop
 * from the panel around it.
 */
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

export function usePanelHeading<T extends HTMLElement>(): [RefObject<T | null>, string | undefined] {
  const ref = useRef<T>(null);
  const [headingId, setHeadingId] = useState<string>();
  useLayoutEffect(() => {
    setHeadingId(ref.current?.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby') ?? undefined);
  }, []);
  return [ref, headingId];
}
