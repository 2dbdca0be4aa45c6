import { createContext, useContext } from 'react';
import { httpReportsApi, type ReportsApi } from './reports-api';

/** The reports API the report screens call: the server's by default, a fake in tests. */
export const ReportsApiContext = createContext<ReportsApi>(httpReportsApi());

export function useReportsApi(): ReportsApi {
  return useContext(ReportsApiContext);
}
