// The beacons bench:ingest sends, and bench/request-steps.mjs decodes: page views of 5,000
// visitors on 300 pages, each with an event id of its own.
import { encodeBeacon } from '@mesura/protocol';

/** A source of beacon paths (`/b/ss/…?…`), numbered from 1 under one run id. */
export function ingestBeacons(runId = Date.now().toString(36)) {
  let sequence = 0;
  return () => {
    sequence += 1;
    const hit = {
      eventId: `bench-${runId}-${sequence}`,
      clientTime: { day: 23, month0: 10, year: 2026, hour: 9, minute: 0, second: 0, weekday: 1, tzOffsetMin: -60 },
      visitor: { fid: `1F65FB944AFA1C05-${String(sequence % 5000).padStart(16, '0')}` },
      pageName: `noticies:article-${sequence % 300}`,
      url: `http://localhost/noticia/${sequence % 300}/`,
      referrer: 'https://www.google.com/',
      channel: 'noticies',
      events: [{ id: 1 }],
      props: { 1: 'noticies', 2: 'societat' },
      eVars: { 1: 'noticies', 2: 'societat', 8: 'noticia', 9: 'no logat', 14: 'ca' },
      hierarchies: {},
      lists: {},
      contextData: {},
      browser: { screen: '1920x1080', colorDepth: '24' },
    };
    return encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: String(1e13 + sequence) }, hit, 'page_view');
  };
}
