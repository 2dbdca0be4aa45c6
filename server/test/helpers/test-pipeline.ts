import { SITE_VARIABLE_MAP } from '@mesura/protocol';
import { createPipeline } from '../../src/ingest/pipeline.js';
import { geoDatabaseFiles, openGeolocator } from '../../src/ingest/steps/geolocate.js';
import { localDayIn } from '../../src/local-day.js';

/** The collector's beacon pipeline as the site runs it (the shipped places database), every beacon's consent taken as unknown (no TCF signal). */
export function testPipeline(): ReturnType<typeof createPipeline> {
  return createPipeline({
    environment: 'test',
    variableMap: SITE_VARIABLE_MAP,
    localDay: localDayIn('Europe/Madrid'),
    checkConsent: () => 'unknown',
    keepUserAgent: false,
    locate: openGeolocator(geoDatabaseFiles(undefined)),
  });
}
