import type { DeliveryRequest } from '@mesura/protocol';

/** A page's request for the mbox of article 1001 at `timeMs`, as the client builds it; `overrides` replace fields. */
export function articleDeliveryRequest(timeMs: number, overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return {
    mbox: 'mesura-noticia-1001',
    sessionId: 'a'.repeat(32),
    pageId: 'p1',
    requestId: 'r1',
    version: '1.8.2',
    count: 1,
    time: timeMs,
    host: 'localhost:8080',
    url: 'http://localhost:8080/noticia/1001/parlament-aprova-llei-habitatge-assequible',
    referrer: '',
    browser: { height: 800, width: 1200, timeOffsetMin: 60 },
    screen: { height: 1080, width: 1920, colorDepth: 24 },
    customerIds: {},
    params: {},
    ...overrides,
  };
}
