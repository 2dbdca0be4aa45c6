import { createContext, useContext } from 'react';
import type { PageViewGate } from './page-view-gate';

/**
 * Holds the app's single PageViewGate. It lives in context rather than in a component so that it
 * outlives page components being unmounted and remounted between navigations.
 */
export const PageViewGateContext = createContext<PageViewGate | null>(null);

export function usePageViewGate(): PageViewGate {
  const gate = useContext(PageViewGateContext);
  if (gate === null) {
    throw new Error('No PageViewGate: wrap the router in <PageViewGateContext value={createPageViewGate()}> (see src/main.tsx).');
  }
  return gate;
}
