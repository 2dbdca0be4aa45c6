// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBeacon, type Beacon, type TcfSignal } from '@mesura/protocol';
import { createIdentity } from '@mesura/identity';
import { startMesura } from '../src/index.js';
import { tcfMediaPrivacy } from '../src/media-privacy.js';
import { tcfConsent, tcfSignal, type TcData, type TcfApi } from '../src/tcf-consent.js';

const TC_STRING = 'CQuIxQAQuIxQA__ABACAABFgAIEAAAAAAAAAH0wAQH0gAAAA.YAAAAAAAAAAA';
const VENDOR_IDS = { 'web-analytics': 1001, 'video-analytics': 1004 };

/** A CMP that has answered with `data`, as a loaded one does on addEventListener. */
const answering =
  (data: TcData): TcfApi =>
  (command, _version, callback) => {
    if (command === 'addEventListener') callback(data, true);
  };
const everything: TcData = {
  eventStatus: 'tcloaded',
  gdprApplies: true,
  tcString: TC_STRING,
  purpose: { consents: { 1: true, 8: true } },
  vendor: { consents: { 1001: true, 1004: true } },
};

let sent: { path: string; query: string }[];
let cookies: string;

async function startWith(data: TcData): Promise<void> {
  let signal: TcfSignal | undefined;
  const consent = tcfConsent({
    tcfapi: answering(data),
    vendorIds: VENDOR_IDS,
    vendorPurposes: [1],
    automaticHitPurposes: [1, 8],
    onSignal: (_kind, answer) => void (signal = tcfSignal(answer)),
  });
  await Promise.resolve();
  const mesura = startMesura({
    config: { gaDestination: false },
    consent,
    consentSignal: () => signal,
    identity: createIdentity({ jar: { get: () => cookies, set: (cookie: string) => void (cookies = cookie.split(';')[0]!) }, secure: false }),
    hostname: 'stg.mesura.cat',
    transport: { send: (path: string, query: string) => sent.push({ path, query }) },
  });
  mesura.analytics.pageView({ pageName: 'portada', url: location.href, variables: {}, events: ['pageView'] });
  mesura.analytics.link({ linkName: 'compartir', variables: {}, events: [] });
}

function beacons(): Beacon[] {
  return sent.map(({ path, query }) => {
    const result = decodeBeacon(path.slice(path.indexOf('/b/ss/')), query);
    if (!result.ok) throw new Error(result.reason);
    return result.value;
  });
}

beforeEach(() => {
  sent = [];
  cookies = '';
});

afterEach(() => {
  delete window.mesuraData;
});

describe('the SDK sends the TCF signal with every hit', () => {
  it('writes gdpr=1 and the CMP’s TC string on page views and links', async () => {
    await startWith(everything);
    expect(sent.map(({ query }) => query.includes(`&gdpr=1&gdpr_consent=${TC_STRING}&`))).toEqual([true, true]);
    expect(beacons().map((beacon) => beacon.hit.consent)).toEqual([
      { gdprApplies: true, tcString: TC_STRING },
      { gdprApplies: true, tcString: TC_STRING },
    ]);
  });

  it('writes gdpr=0 where the CMP says the GDPR does not apply', async () => {
    await startWith({ eventStatus: 'tcloaded', gdprApplies: false });
    expect(beacons().map((beacon) => beacon.hit.consent)).toEqual([{ gdprApplies: false }, { gdprApplies: false }]);
  });
});

describe('the media tracker’s privacy source gives the same signal', () => {
  it('is the TC string of the CMP’s answer', async () => {
    const privacy = tcfMediaPrivacy({ tcfapi: answering(everything), isOptedOut: () => false });
    await Promise.resolve();
    expect(privacy.status()).toBe('opted-in');
    expect(privacy.signal?.()).toEqual({ gdprApplies: true, tcString: TC_STRING });
  });
});
