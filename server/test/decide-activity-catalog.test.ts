import { describe, expect, it } from 'vitest';
import type { Activity } from '../src/decide/activity.js';
import { openActivityCatalog } from '../src/decide/activity-catalog.js';
import { createRedirectPolicy } from '../src/decide/redirect-policy.js';
import type { ActivityChange, ChangeAuthor, DecisionStore } from '../src/store/decision-store.js';
import { testActivity } from './helpers/activity.js';

/** A store holding definitions written before today's rules existed. */
function storeWith(definitions: unknown[]): DecisionStore & { saved: [Activity, ChangeAuthor][] } {
  const saved: [Activity, ChangeAuthor][] = [];
  return {
    saved,
    activityDefinitions: async () => definitions,
    saveActivity: async (activity, change) => void saved.push([activity, change]),
    activityHistory: async (): Promise<ActivityChange[]> => [],
    experienceCounts: async () => [],
    experienceDayCounts: async () => [],
  };
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
    const catalog = await openActivityCatalog(store, { now: () => 0, warn: (m) => warnings.push(m), redirects: createRedirectPolicy(['https://www.mesura.cat']) });
    const index = catalog.index();
    expect(index.byId('vell')!.experiences[0]!.offer!.html).toBe('<p>Hola</p>');
    expect(index.byId('aprovat')!.experiences[0]!.offer!.html).toBe('<script>ok()</script>');
    expect(index.byId('fora')).toBeUndefined();
    expect(warnings).toEqual(["stored activity skipped: activity fora: experience a: offer o: action 1 (redirect): redirect to https://evil.example is not allowed: only the site's origins and MESURA_REDIRECT_ORIGINS"]);
  });

  it('records the seeds of a first start as by system', async () => {
    const store = storeWith([]);
    await openActivityCatalog(store, { now: () => 7, warn: () => undefined, redirects: createRedirectPolicy([]), seed: () => [legacy('llavor', '<p>x</p>')] });
    expect(store.saved.map(([activity, change]) => [activity.id, change])).toEqual([['llavor', { atMs: 7, by: 'system' }]]);
  });
});
