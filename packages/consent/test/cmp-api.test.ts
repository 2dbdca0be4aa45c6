// @vitest-environment happy-dom
import { CmpApiModel } from '@iabtcf/cmpapi';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptAll } from '../src/choices.js';
import { installCmpApi } from '../src/cmp-api.js';
import { encodeChoice } from '../src/tc-string.js';
import { MEASUREMENT_ONLY, NOW, gvl } from './helpers/fixtures.js';

type Callback = (data: Record<string, unknown> | null, success: boolean) => void;
type TcfApi = (command?: string, version?: number, callback?: Callback, ...params: unknown[]) => unknown;
const page = window as unknown as { __tcfapi?: TcfApi };

/** The TCF's queueing stub, as the head snippet installs it before the CMP loads. */
function installStub(): unknown[][] {
  const queue: unknown[][] = [];
  page.__tcfapi = (...args) => (args.length === 0 ? queue : queue.push(args));
  return queue;
}

/** Every answer a listener registered through `__tcfapi('addEventListener')` receives. */
function listen(): Record<string, unknown>[] {
  const heard: Record<string, unknown>[] = [];
  page.__tcfapi?.('addEventListener', 2, (data, success) => {
    if (success && data !== null) heard.push(data);
  });
  return heard;
}

afterEach(() => {
  // @iabtcf/cmpapi keeps one model per page; each test is a new page.
  CmpApiModel.reset();
  delete page.__tcfapi;
});

describe('installCmpApi', () => {
  it('replaces the stub and answers its queued ping with our CMP id', () => {
    const queue = installStub();
    const pings: Record<string, unknown>[] = [];
    page.__tcfapi?.('ping', 2, (data) => pings.push(data ?? {}));
    expect(queue).toHaveLength(1);
    installCmpApi();
    expect(pings).toHaveLength(1);
    expect(pings[0]).toMatchObject({ cmpLoaded: true, cmpId: 4095, cmpVersion: 1, apiVersion: '2' });
  });

  it('tells listeners the banner is showing while there is no choice, GDPR applying', () => {
    const cmpApi = installCmpApi();
    const heard = listen();
    cmpApi.update(undefined, true);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ eventStatus: 'cmpuishown', gdprApplies: true, tcString: '' });
  });

  it("surfaces the visitor's choice once made", () => {
    const cmpApi = installCmpApi();
    const heard = listen();
    cmpApi.update(undefined, true);
    const tcString = encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW });
    cmpApi.update(tcString, false);
    const last = heard.at(-1) as { eventStatus: string; tcString: string; isServiceSpecific: boolean; vendor: { consents: Record<string, boolean> }; purpose: { consents: Record<string, boolean> } };
    expect(last.eventStatus).toBe('useractioncomplete');
    expect(last.tcString).toBe(tcString);
    expect(last.isServiceSpecific).toBe(true);
    const granted = (consents: Record<string, boolean>) => Object.keys(consents).filter((id) => consents[id]);
    expect(granted(last.vendor.consents)).toEqual(['1001', '1002']);
    expect(granted(last.purpose.consents)).toEqual(['1', '8', '9']);
  });

  it('answers tcloaded when a stored choice is surfaced without the banner', () => {
    const cmpApi = installCmpApi();
    const heard = listen();
    cmpApi.update(encodeChoice(acceptAll(gvl), { gvl, now: NOW }), false);
    expect(heard[0]).toMatchObject({ eventStatus: 'tcloaded', gdprApplies: true });
  });

  it('says GDPR does not apply when told so', () => {
    const cmpApi = installCmpApi();
    const heard = listen();
    cmpApi.gdprDoesNotApply();
    expect(heard[0]).toMatchObject({ gdprApplies: false });
    expect(heard[0]?.tcString).toBeUndefined();
  });
});
