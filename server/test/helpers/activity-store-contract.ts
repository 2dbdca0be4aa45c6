/**
 * What every ActivityStore does (store/decision-store.ts): run by activity-store-duckdb.test.ts and
 * postgres-activity-store.test.ts, so that definitions, history, version and seeding behave alike.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '@mesura/protocol';
import type { ActivityStore } from '../../src/store/decision-store.js';
import { testActivity } from './activity.js';

export interface OpenedActivityStore {
  store: ActivityStore;
  close(): Promise<void>;
}

function offer(id: string, html: string): Activity {
  return testActivity({ id, name: id, experiences: [{ id: 'a', name: 'A', share: 1, offer: { id: 'o', name: 'O', html } }] });
}

const DAY = 86_400_000;

export function activityStoreContract(engine: string, open: () => Promise<OpenedActivityStore>): void {
  describe(`the ${engine} activity store`, () => {
    let opened: OpenedActivityStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('replaces a definition, keeps each change with who, when, before and after, and counts them in its version', async () => {
      const { store } = opened;
      expect(await store.activitiesVersion()).toBe(0);
      await store.saveActivity(offer('portada', '<p>u</p>'), { atMs: 20 * DAY, by: 'system' });
      await store.saveActivity(offer('esports', '<p>e</p>'), { atMs: 20 * DAY, by: 'system' });
      await store.saveActivity(offer('portada', '<p>dos</p>'), { atMs: 21 * DAY, by: 'anna@example.cat' });
      expect(await store.activityDefinitions()).toEqual([offer('esports', '<p>e</p>'), offer('portada', '<p>dos</p>')]);
      expect(await store.activitiesVersion()).toBe(3);
      expect(await store.activityHistory('portada')).toEqual([
        { at: new Date(21 * DAY).toISOString(), by: 'anna@example.cat', before: offer('portada', '<p>u</p>'), after: offer('portada', '<p>dos</p>') },
        { at: new Date(20 * DAY).toISOString(), by: 'system', before: null, after: offer('portada', '<p>u</p>') },
      ]);
      expect(await store.activityHistory('cap')).toEqual([]);
    });

    it('seeds only an empty store', async () => {
      const { store } = opened;
      expect(await store.seedActivities([offer('portada', '<p>u</p>')], { atMs: 0, by: 'system' })).toBe(true);
      expect(await store.seedActivities([offer('altra', '<p>a</p>')], { atMs: 0, by: 'system' })).toBe(false);
      expect((await store.activityDefinitions()).map((definition) => (definition as Activity).id)).toEqual(['portada']);
    });
  });
}
