import { createContext, useContext } from 'react';
import { createExperimentsApi, type ExperimentsApi } from './experiments-api';

/** The area's API; the real one unless a test provides its own. */
export const ExperimentsApiContext = createContext<ExperimentsApi>(createExperimentsApi());

export function useExperimentsApi(): ExperimentsApi {
  return useContext(ExperimentsApiContext);
}
