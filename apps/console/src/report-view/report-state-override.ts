/**
 * A report state that is not the URL's: a dashboard tile shows its own period, filters and
 * segment whatever the page's address says. Within its provider, useReportState reads and writes
 * these search parameters instead of the address (a choice made on the tile stays on the tile).
 */
import { createContext, useContext } from 'react';

export interface ReportStateOverride {
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}

export const ReportStateOverrideContext = createContext<ReportStateOverride | undefined>(undefined);

export const useReportStateOverride = (): ReportStateOverride | undefined => useContext(ReportStateOverrideContext);
