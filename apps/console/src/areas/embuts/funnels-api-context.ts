import { createContext, useContext } from 'react';
import { createFunnelsApi, type FunnelsApi } from './funnels-api';

/** The area's API; the real one unless a test provides its own. */
export const FunnelsApiContext = createContext<FunnelsApi>(createFunnelsApi());

export function useFunnelsApi(): FunnelsApi {
  return useContext(FunnelsApiContext);
}
