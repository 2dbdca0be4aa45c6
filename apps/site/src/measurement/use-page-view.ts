import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { publishPageView, readBrowserFacts } from './browser-adapter';
import { buildDataLayer, type PageRoute } from './page-data';
import { usePageViewGate } from './page-view-gate-context';

/**
 * Sends one `scPageView` per navigation for the page that calls it. Every page component calls this
 * exactly once, unconditionally; the gate drops the repeats React produces for the same navigation.
 */
export function usePageView(route: PageRoute): void {
  const { key } = useLocation();
  const gate = usePageViewGate();
  gate.rendered?.(route);
  useEffect(() => {
    if (!gate.claim(key)) return;
    publishPageView(buildDataLayer(route, readBrowserFacts()));
  }, [gate, key, route]);
}
