import { useEffect, useState } from 'react';
import type { ReportCatalogueEntry } from '@mesura/protocol';
import type { ApiFailure } from '../api/api-answer';
import { useReportsApi } from './reports-api-context';

export type Catalogue = { status: 'loading' } | { status: 'failed'; failure: ApiFailure } | { status: 'shown'; entries: ReportCatalogueEntry[] };

/** The server's report catalogue, asked once per page, with `retry` to ask again after a failure. */
export function useReportCatalogue(): { catalogue: Catalogue; retry: () => void } {
  const api = useReportsApi();
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): a retry counts up `attempt` to ask again; the effect has no use for the number itself.
  useEffect(() => {
    const controller = new AbortController();
    setCatalogue({ status: 'loading' });
    void api.catalogue(controller.signal).then((result) => {
      if (!controller.signal.aborted) setCatalogue(result.ok ? { status: 'shown', entries: result.value } : { status: 'failed', failure: result.failure });
    });
    return () => controller.abort();
  }, [api, attempt]);

  return { catalogue, retry: () => setAttempt((n) => n + 1) };
}
