import { createContext, useContext, useEffect, useState } from 'react';
import type { StoredSegment } from '@mesura/protocol';
import { createSegmentsApi, type SegmentsApi } from './segments-api';

/** The area's API; the real one unless a test provides its own. */
export const SegmentsApiContext = createContext<SegmentsApi>(createSegmentsApi());

export function useSegmentsApi(): SegmentsApi {
  return useContext(SegmentsApiContext);
}

/**
 * The segments the person may apply, read once `wanted`; none before, while loading or when they
 * cannot be read.
 */
export function useSegments(wanted: boolean): readonly StoredSegment[] {
  const api = useSegmentsApi();
  const [segments, setSegments] = useState<readonly StoredSegment[]>([]);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    void api.list(controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok) setSegments(result.value);
    });
    return () => controller.abort();
  }, [api, wanted]);
  return segments;
}
