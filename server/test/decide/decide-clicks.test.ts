/** Which requests count as a click conversion (delivery.ts), on the pure decision path. */
import { describe, expect, it } from 'vitest';
import type { Activity } from '@mesura/protocol';
import { MAX_ID_CHARS } from '../../src/decide/activity-limits.js';
import { buildIndex } from '../../src/decide/activity-index.js';
import { parseClickToken } from '../../src/decide/offer.js';
import { deliver } from '../../src/decide/delivery.js';
import { siteActivities } from '../../src/decide/site-activities.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';

const START = Date.UTC(2026, 0, 15, 10);
const DEVICE_ID = `${'d'.repeat(32)}.1_0`;

function clickOn(activities: Activity[], mbox: string, params: Record<string, string>) {
  return deliver(buildIndex(activities), articleDeliveryRequest(START, { mbox, deviceId: DEVICE_ID, params }), { device: 'desktop', nowMs: START });
}

const conversions = (delivered: ReturnType<typeof deliver>) => delivered.events.filter((e) => e.type === 'conversion').map((e) => `${e.activityId}.${e.experienceId}`);

describe('click conversions', () => {
  it("counts Mesura's clickToken on any mbox, and the 1.x parameters on {mbox}-clicked", () => {
    expect(conversions(clickOn(siteActivities(), 'mesura-noticia-1001', { clickToken: 'titular-1001.b' }))).toEqual(['titular-1001.b']);
    expect(conversions(clickOn(siteActivities(), 'target-global-mbox-clicked', { clickTrackId: 'titular-1001.a' }))).toEqual(['titular-1001.a']);
    expect(conversions(clickOn(siteActivities(), 'target-global-mbox-clicked', { mboxTarget: 'titular-1001.b' }))).toEqual(['titular-1001.b']);
  });

  it('reads a click token of two ids of up to MAX_ID_CHARS characters each, and nothing else', () => {
    const longest = 'a'.repeat(MAX_ID_CHARS);
    expect(parseClickToken(`${longest}.${longest}`)).toEqual({ activityId: longest, experienceId: longest });
    for (const token of [`${longest}a.b`, `a.${longest}b`, 'a.b.c', '.b', 'a.', 'a b.c', 'àvia.b']) expect(parseClickToken(token)).toBeUndefined();
  });

  it('takes the first click parameter in the request order', () => {
    const delivered = clickOn(siteActivities(), 'target-global-mbox-clicked', { clickTrackId: 'titular-1001.a', clickToken: 'titular-1001.b' });
    expect(conversions(delivered)).toEqual(['titular-1001.a']);
  });

  it('decides as usual when a click parameter is empty, or a 1.x one comes on an ordinary mbox', () => {
    const cases: Record<string, string>[] = [{ clickToken: '' }, { clickTrackId: 'titular-1001.b' }, { mboxTarget: 'titular-1001.b' }];
    for (const params of cases) {
      const delivered = clickOn(siteActivities(), 'target-global-mbox', params);
      expect(delivered.isConversion).toBe(false);
      expect(delivered.events.map((e) => e.type)).toEqual(['impression']);
    }
  });

  it('counts nothing for an unknown activity or experience, a goal that is not a click, or a paused activity', () => {
    const paused = siteActivities().map((a): Activity => (a.id === 'titular-1002' ? { ...a, status: 'paused' } : a));
    for (const token of ['nowhere.b', 'titular-1001.z', 'el-temps-disseny.b', 'titular-1002.b', 'not a token']) {
      const delivered = clickOn(paused, 'mesura-noticia-1001', { clickToken: token });
      expect(delivered.isConversion).toBe(true);
      expect(delivered.response.offers).toEqual([]);
      expect(delivered.events).toEqual([]);
    }
  });
});
