import { describe, expect, it } from 'vitest';
import {
  DELIVERY_MAX_GET_URL_CHARS,
  MBOX_NAME_MAX_CHARS,
  decodeDeliveryParams,
  deliveryPath,
  encodeDeliveryParams,
  encodeDeliveryQuery,
  parseDeliveryPath,
  type DeliveryRequest,
} from '../src/delivery-request.js';
import { parseDeliveryResponse } from '../src/delivery-response.js';
import { queryEntries } from '../src/query-entries.js';

const REQUEST: DeliveryRequest = {
  mbox: 'mesura-noticia-1001',
  sessionId: 'a1b2c3',
  deviceId: 'd4e5f6.37_0',
  pageId: 'p1',
  requestId: 'r1',
  version: '1.0.0',
  count: 2,
  time: 1_795_000_000_000,
  host: 'www.mesura.cat',
  url: 'https://www.mesura.cat/noticia/1001/x/?a=b&c',
  referrer: '',
  browser: { height: 800, width: 1280, timeOffsetMin: 60 },
  screen: { height: 1080, width: 1920, colorDepth: 24, pixelRatio: 2, orientation: 'landscape' },
  visitorId: '1F65FB944AFA1C05-25FBFAF16BF6E758',
  customerIds: { idUsuari: { id: 'u-42', authState: 1 } },
  params: { seccio: 'noticies', 'page.pageType': 'noticia' },
};

describe('personalisation delivery request (wire-formats §3)', () => {
  it('writes the wire names in order, customer ids as vst.{type}, page params as plain keys', () => {
    expect(encodeDeliveryParams(REQUEST).map(([name]) => name)).toEqual([
      'mbox',
      'mboxSession',
      'mboxPC',
      'mboxPage',
      'mboxRid',
      'mboxVersion',
      'mboxCount',
      'mboxTime',
      'mboxHost',
      'mboxURL',
      'mboxReferrer',
      'browserHeight',
      'browserWidth',
      'browserTimeOffset',
      'screenHeight',
      'screenWidth',
      'colorDepth',
      'devicePixelRatio',
      'screenOrientation',
      'mboxMCGVID',
      'vst.idUsuari.id',
      'vst.idUsuari.authState',
      'seccio',
      'page.pageType',
    ]);
  });

  it('reads back what it writes, through a query string', () => {
    const result = decodeDeliveryParams(queryEntries(encodeDeliveryQuery(REQUEST)));
    expect(result).toEqual({ ok: true, value: { ...REQUEST, xDomain: undefined } });
  });

  it('refuses a request without an mbox or with one over 250 characters (§5), with the reason', () => {
    expect(decodeDeliveryParams([['mboxSession', 's']])).toEqual({ ok: false, reason: 'missing mbox: the request names no mbox' });
    const long = 'x'.repeat(MBOX_NAME_MAX_CHARS + 1);
    expect(decodeDeliveryParams([['mbox', long]])).toEqual({ ok: false, reason: 'mbox too long: 251 characters, at most 250' });
    expect(decodeDeliveryParams([['mbox', 'x'.repeat(MBOX_NAME_MAX_CHARS)]]).ok).toBe(true);
  });

  it('keeps the first of repeated parameters and cannot be overridden by a page param of a wire name', () => {
    const result = decodeDeliveryParams([
      ['mbox', 'a'],
      ['mbox', 'b'],
      ['mboxCount', 'x'],
    ]);
    expect(result.ok && result.value.mbox).toBe('a');
    expect(result.ok && result.value.count).toBe(0);
    expect(encodeDeliveryParams({ ...REQUEST, params: { mbox: 'other' } }).filter(([n]) => n === 'mbox')).toHaveLength(1);
  });

  it('keeps the first of repeated customer-id parts too: a later one neither replaces nor completes it', () => {
    const result = decodeDeliveryParams([
      ['mbox', 'a'],
      ['vst.idUsuari.id', 'first'],
      ['vst.idUsuari.id', 'second'],
      ['vst.idUsuari.authState', '1'],
      ['vst.idUsuari.authState', '2'],
    ]);
    expect(result.ok && result.value.customerIds.idUsuari).toEqual({ id: 'first', authState: 1 });
  });

  it('reads request-chosen names as data, never as writes to Object.prototype', () => {
    const result = decodeDeliveryParams([
      ['mbox', 'a'],
      ['vst.__proto__.id', 'x'],
      ['vst.constructor.id', 'y'],
      ['__proto__', 'z'],
      ['constructor', 'w'],
    ]);
    expect(({} as Record<string, unknown>).id).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('id');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.entries(result.value.customerIds)).toEqual([
      ['__proto__', { id: 'x' }],
      ['constructor', { id: 'y' }],
    ]);
    expect(Object.entries(result.value.params)).toEqual([
      ['__proto__', 'z'],
      ['constructor', 'w'],
    ]);
  });

  it('keeps the first of a repeated page parameter too', () => {
    const result = decodeDeliveryParams([
      ['mbox', 'a'],
      ['seccio', 'x'],
      ['seccio', 'y'],
    ]);
    expect(result.ok && result.value.params).toEqual({ seccio: 'x' });
  });

  it('reads vst. names that are not a customer id part as page parameters', () => {
    const entries: [string, string][] = [
      ['mbox', 'a'],
      ['vst.a.b.id', '1'],
      ['vst..id', '2'],
      ['vst.x.idx', '3'],
      ['vst.x.authstate', '4'],
      ['vst.x', '5'],
    ];
    const result = decodeDeliveryParams(entries);
    expect(result.ok && result.value.customerIds).toEqual({});
    expect(result.ok && Object.entries(result.value.params)).toEqual(entries.slice(1));
  });

  it('reads numbers leniently, 0 for what is not one, and names every field, absent optional ones undefined', () => {
    const result = decodeDeliveryParams([
      ['mbox', 'a'],
      ['mboxCount', 'NaN'],
      ['mboxTime', ' 12 '],
      ['browserHeight', '1e3'],
      ['screenWidth', 'Infinity'],
      ['colorDepth', ''],
      ['mboxPC', ''],
    ]);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value).toMatchObject({ count: 0, time: 12, browser: { height: 1000, width: 0 }, screen: { width: 0, colorDepth: 0 } });
    expect(Object.keys(result.value)).toEqual([
      'mbox',
      'sessionId',
      'deviceId',
      'pageId',
      'requestId',
      'version',
      'count',
      'time',
      'host',
      'url',
      'referrer',
      'browser',
      'screen',
      'xDomain',
      'visitorId',
      'customerIds',
      'params',
    ]);
    expect(result.value.deviceId).toBeUndefined();
    expect(Object.keys(result.value.screen)).toEqual(['height', 'width', 'colorDepth', 'pixelRatio', 'orientation']);
    expect(result.value.screen.pixelRatio).toBeUndefined();
    const garbled = decodeDeliveryParams([
      ['mbox', 'a'],
      ['devicePixelRatio', 'x'],
    ]);
    expect(garbled.ok && garbled.value.screen.pixelRatio).toBe(0);
  });

  it('has the §7 GET limit and the path with the client code', () => {
    expect(DELIVERY_MAX_GET_URL_CHARS).toBe(2048);
    expect(deliveryPath('mesura')).toBe('/m2/mesura/mbox/json');
    expect(parseDeliveryPath('/m2/mesura/mbox/json')).toBe('mesura');
    expect(parseDeliveryPath('/m2/../mbox/json')).toBeUndefined();
    expect(parseDeliveryPath('/m2/mesura/mbox/xml')).toBeUndefined();
  });
});

describe('personalisation delivery response (wire-formats §3)', () => {
  it('accepts the documented shape and passes extra fields through', () => {
    const json = {
      sessionId: 's',
      tntId: 't.37_0',
      edgeHost: 'mboxedge37.example',
      extra: 1,
      offers: [{ actions: [{ action: 'setContent', selector: 'h1', content: '<b>x</b>' }], responseTokens: { 'activity.id': '7' } }],
    };
    expect(parseDeliveryResponse(json)).toEqual({ ok: true, value: json });
    expect(parseDeliveryResponse({ sessionId: 's', tntId: 't', offers: [], disabled: { message: 'off', duration: 86_400_000 } }).ok).toBe(true);
  });

  it.each([
    [null, 'not a JSON object'],
    [{ tntId: 't' }, 'no sessionId'],
    [{ sessionId: 's' }, 'no tntId'],
    [{ sessionId: 's', tntId: 't', offers: {} }, 'offers: not a list of objects'],
    [{ sessionId: 's', tntId: 't', offers: [{ actions: [{ selector: 'h1' }] }] }, 'actions: not a list of {action}'],
    [{ sessionId: 's', tntId: 't', disabled: { message: 'x' } }, 'disabled: no duration'],
  ])('refuses %j: %s', (json, reason) => {
    expect(parseDeliveryResponse(json)).toEqual({ ok: false, reason });
  });
});
