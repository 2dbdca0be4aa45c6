import { describe, expect, it } from 'vitest';
import type { Activity } from '@mesura/protocol';
import { ACTIVITY_REFRESH_MS, openActivityCatalog, type CatalogTimers } from '../../src/decide/activity-catalog.js';
import { createRedirectPolicy } from '../../src/decide/redirect-policy.js';
import type { ActivityChange, ActivityStore, ChangeAuthor } from '../../src/store/decision-store.js';
import { testActivity } from '../helpers/activity.js';

/** A store holding definitions written before today's rules existed. */
function storeWith(definitions: unknown[]): ActivityStore & { saved: [Activity, ChangeAuthor][] } {
  const saved: [Activity, ChangeAuthor][] = [];
  return {
    saved,
    activityDefinitions: async () => definitions,
    saveActivity: async (activity, change) => void saved.push([activity, change]),
    async seedActivities(activities, change) {
      if (definitions.length > 0) return false;
      for (const activity of activities) saved.push([activity, change]);
      return true;
    },
    activityHistory: async (): Promise<ActivityChange[]> => [],
    activitiesVersion: async () => saved.length,
  };
}

/** One store shared by several servers, as PostgreSQL is: counts how often each is read. */
function sharedStore(): ActivityStore & { definitionReads: number } {
  const rows = new Map<string, Activity>();
  let version = 0;
  return {
    definitionReads: 0,
    async activityDefinitions() {
      this.definitionReads += 1;
      return [...rows.values()].map((activity) => structuredClone(activity));
    },
    async saveActivity(activity) {
      rows.set(activity.id, structuredClone(activity));
      version += 1;
    },
    async seedActivities(activities, change) {
      if (rows.size > 0) return false;
      for (const activity of activities) await this.saveActivity(activity, change);
      return true;
    },
    activityHistory: async () => [],
    activitiesVersion: async () => version,
  };
}

/** Timers that fire only when the test says: the interval asked for and its callback. */
function manualTimers(): CatalogTimers & { intervals: { ms: number; fire: () => Promise<void> }[]; cleared: number } {
  const timers = {
    intervals: [] as { ms: number; fire: () => Promise<void> }[],
    cleared: 0,
    setInterval: (fire: () => Promise<void>, ms: number) => timers.intervals.push({ ms, fire }) - 1,
    clearInterval: () => void (timers.cleared += 1),
  };
  return timers;
}

function legacy(id: string, html: string, extra: Partial<Activity> = {}): Activity {
  return testActivity({ id, name: id, experiences: [{ id: 'a', name: 'A', share: 1, offer: { id: 'o', name: 'O', html } }], ...extra });
}

describe('the activity catalog serves stored definitions under today’s rules', () => {
  it('sanitises an untrusted stored offer, keeps a trusted one, and skips a stored foreign redirect with a warning', async () => {
    const warnings: string[] = [];
    const trust = { trusted: true, trustedBy: 'admin@mesura.cat', trustedAt: '2026-01-01T00:00:00.000Z' } as const;
    const foreign = legacy('fora', '<p>x</p>');
    foreign.experiences[0]!.offer!.actions = [{ action: 'redirect', content: 'https://evil.example/' }];
    const store = storeWith([legacy('vell', '<p>Hola</p><script>steal()</script>'), legacy('aprovat', '<script>ok()</script>', trust), foreign]);
    const catalog = await openActivityCatalog(store, { now: () => 0, warn: (m) => warnings.push(m), redirects: createRedirectPolicy({ siteOrigins: ['https://www.mesura.cat'] }) });
    const index = catalog.index();
    expect(index.byId('vell')!.experiences[0]!.offer!.html).toBe('<p>Hola</p>');
    expect(index.byId('aprovat')!.experiences[0]!.offer!.html).toBe('<script>ok()</script>');
    expect(index.byId('fora')).toBeUndefined();
    expect(warnings).toEqual([
      "stored activity skipped: activity fora: experience a: offer o: action 1 (redirect): redirect to https://evil.example is not allowed: only the site's origins and MESURA_REDIRECT_ORIGINS",
    ]);
  });

  it('serves a stored offer its links and images to other hosts without them, and keeps those to MESURA_OFFER_ORIGINS', async () => {
    const html = '<a href="https://evil.example/">a</a><img src="https://evil.example/pixel.gif" alt="p"><img src="https://cdn.mesura.cat/f.jpg" alt="f">';
    const redirects = createRedirectPolicy({ siteOrigins: ['https://www.mesura.cat'], offerOrigins: ['https://cdn.mesura.cat'] });
    const catalog = await openActivityCatalog(storeWith([legacy('pixel', html)]), { now: () => 0, warn: () => undefined, redirects });
    expect(catalog.index().byId('pixel')!.experiences[0]!.offer!.html).toBe('<a>a</a><img alt="p" /><img src="https://cdn.mesura.cat/f.jpg" alt="f" />');
  });

  it('records the seeds of a first start as by system', async () => {
    const store = storeWith([]);
    await openActivityCatalog(store, { now: () => 7, warn: () => undefined, redirects: createRedirectPolicy({ siteOrigins: [] }), seed: () => [legacy('llavor', '<p>x</p>')] });
    expect(store.saved.map(([activity, change]) => [activity.id, change])).toEqual([['llavor', { atMs: 7, by: 'system' }]]);
  });
});

describe('a change made through another decision server (a shared store)', () => {
  const options = (timers: CatalogTimers) => ({ now: () => 0, warn: () => undefined, redirects: createRedirectPolicy({ siteOrigins: [] }), seed: () => [], poll: true, timers });

  it('is served after one refresh interval, not before, and an unchanged store is not read again', async () => {
    const store = sharedStore();
    const timersA = manualTimers();
    const timersB = manualTimers();
    const a = await openActivityCatalog(store, options(timersA));
    const b = await openActivityCatalog(store, options(timersB));
    expect(timersB.intervals.map((interval) => interval.ms)).toEqual([ACTIVITY_REFRESH_MS]);
    expect(ACTIVITY_REFRESH_MS).toBeLessThan(5000);

    await a.save(legacy('nova', '<p>Nova</p>'), { atMs: 1, by: 'anna@example.cat' });
    expect(a.index().byId('nova')).toBeDefined();
    expect(b.index().byId('nova')).toBeUndefined();

    await timersB.intervals[0]!.fire();
    expect(b.index().byId('nova')!.experiences[0]!.offer!.html).toBe('<p>Nova</p>');

    const reads = store.definitionReads;
    await timersB.intervals[0]!.fire();
    expect(store.definitionReads).toBe(reads);
    b.close();
    expect(timersB.cleared).toBe(1);
  });

  it('keeps serving what it has when the store cannot be read, and says so', async () => {
    const store = sharedStore();
    await store.saveActivity(legacy('vella', '<p>x</p>'), { atMs: 0, by: 'system' });
    const warnings: string[] = [];
    const timers = manualTimers();
    const catalog = await openActivityCatalog(store, { ...options(timers), warn: (m: string) => warnings.push(m) });
    store.activitiesVersion = async () => {
      throw new Error('connection refused');
    };
    await timers.intervals[0]!.fire();
    expect(catalog.index().byId('vella')).toBeDefined();
    expect(warnings).toEqual(['activities not refreshed from the store, will retry: connection refused']);
  });

  it('says once that the store cannot be read, again only for a new reason, and once when it can again', async () => {
    const store = sharedStore();
    const readVersion = store.activitiesVersion.bind(store);
    const warnings: string[] = [];
    const timers = manualTimers();
    await openActivityCatalog(store, { ...options(timers), warn: (m: string) => warnings.push(m) });
    let reason = 'connection refused';
    store.activitiesVersion = async () => {
      throw new Error(reason);
    };
    for (let poll = 0; poll < 5; poll += 1) await timers.intervals[0]!.fire();
    reason = 'the database system is starting up';
    await timers.intervals[0]!.fire();
    await timers.intervals[0]!.fire();
    store.activitiesVersion = readVersion;
    await timers.intervals[0]!.fire();
    await timers.intervals[0]!.fire();
    expect(warnings).toEqual([
      'activities not refreshed from the store, will retry: connection refused',
      'activities not refreshed from the store, will retry: the database system is starting up',
      'activities refreshed from the store again after 7 failed polls',
    ]);
  });

  it('opens empty without asking the store when told to, and seeds and loads on the first poll that reaches it', async () => {
    const store = sharedStore();
    const reachable = { seedActivities: store.seedActivities.bind(store), activitiesVersion: store.activitiesVersion };
    let asked = 0;
    const down = async (): Promise<never> => {
      asked += 1;
      throw new Error('cannot reach the metadata database');
    };
    Object.assign(store, { seedActivities: down, activitiesVersion: down });
    const warnings: string[] = [];
    const timers = manualTimers();
    const seeded = legacy('llavor', '<p>x</p>');
    const settings = { ...options(timers), seed: () => [seeded], warn: (m: string) => warnings.push(m) };
    await expect(openActivityCatalog(store, settings)).rejects.toThrow('cannot reach');
    asked = 0;
    const catalog = await openActivityCatalog(store, { ...settings, startWithoutStore: true });
    expect(asked).toBe(0);
    expect(catalog.index().byId('llavor')).toBeUndefined();
    await timers.intervals.at(-1)!.fire();
    expect(warnings).toEqual(['activities not refreshed from the store, will retry: cannot reach the metadata database']);
    expect(catalog.index().byId('llavor')).toBeUndefined();
    Object.assign(store, reachable);
    await timers.intervals.at(-1)!.fire();
    expect(catalog.index().byId('llavor')).toBeDefined();
    await expect(openActivityCatalog(store, { ...settings, poll: false, startWithoutStore: true })).rejects.toThrow('must poll');
  });

  it('does not poll a store only this server writes (the embedded file)', async () => {
    const timers = manualTimers();
    await openActivityCatalog(sharedStore(), { ...options(timers), poll: false });
    expect(timers.intervals).toEqual([]);
  });
});
