import { describe, expect, it } from 'vitest';
import type { Activity } from '@mesura/protocol';
import { parseActivity, parseSubmittedActivity } from '../../src/decide/activity.js';
import { MAX_ACTIVITIES, MAX_MBOX_CHARS, MAX_OFFER_CONTENT_BYTES, MAX_SELECTOR_CHARS } from '../../src/decide/activity-limits.js';
import { submittedDefinition } from '../../src/decide/activity-submission.js';
import { createRedirectPolicy } from '../../src/decide/redirect-policy.js';
import { siteActivities } from '../../src/decide/site-activities.js';

function activity(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'prova',
    name: 'Prova',
    type: 'ab',
    status: 'active',
    mboxes: ['prova'],
    priority: 0,
    reshuffle: 0,
    experiences: [
      { id: 'a', name: 'A', share: 1 },
      { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', actions: [{ action: 'setContent', selector: 'h1', content: '<p>B</p>' }] } },
    ],
    goal: { type: 'click', selector: '.cta' },
    ...overrides,
  };
}

/** The definition with experience b's offer holding these actions. */
function withActions(...actions: unknown[]): Record<string, unknown> {
  return activity({
    experiences: [
      { id: 'a', name: 'A', share: 1 },
      { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'B', actions } },
    ],
  });
}

const reasonOf = (input: unknown) => {
  const result = parseActivity(input);
  return result.ok ? undefined : result.reason;
};

describe('activity definitions are validated whole', () => {
  it('accepts the site seeds and every action type in its documented form', () => {
    for (const seed of siteActivities()) expect(reasonOf(seed)).toBeUndefined();
    const every = withActions(
      { action: 'setContent', selector: 'h1', content: '<em>x</em>', contentType: 'html' },
      { action: 'setText', cssSelector: 'h2', content: 'x' },
      { action: 'appendContent', selector: 'main', content: '<p>x</p>' },
      { action: 'setJson', content: { a: [1, 2] } },
      { action: 'setAttribute', selector: 'a', content: { href: '/x', title: 'y' } },
      { action: 'setAttribute', selector: 'a', attribute: 'title', value: 'z' },
      { action: 'setStyle', selector: 'ul', content: { display: 'grid', priority: 'important' } },
      { action: 'rearrange', selector: 'ul', content: { from: 0, to: 2 } },
      { action: 'moveTo', selector: '.avis', content: { destination: 'main > aside', place: 'append' } },
      { action: 'remove', selector: '.anunci' },
      { action: 'redirect', content: '/nou', url: '/nou' },
      { action: 'trackClick', selector: '.cta' },
    );
    expect(reasonOf(every)).toBeUndefined();
  });

  it.each([
    ['an unknown action type', withActions({ action: 'runScript', content: 'x' }), 'action must be one of'],
    ['an unknown action field', withActions({ action: 'setContent', selector: 'h1', content: 'x', onload: 'y' }), 'unknown field "onload"'],
    ['an over-long selector', withActions({ action: 'remove', selector: 'a'.repeat(MAX_SELECTOR_CHARS + 1) }), `longer than ${MAX_SELECTOR_CHARS} characters`],
    ['over-large content', withActions({ action: 'setContent', selector: 'h1', content: 'x'.repeat(MAX_OFFER_CONTENT_BYTES + 1) }), `larger than ${MAX_OFFER_CONTENT_BYTES} bytes`],
    ['content of the wrong type', withActions({ action: 'setContent', selector: 'h1', content: { html: 'x' } }), 'content must be text'],
    ['a setAttribute name that is not a name', withActions({ action: 'setAttribute', selector: 'a', content: { 'x y': '1' } }), 'is not an attribute or property name'],
    ['a setStyle value that is an object', withActions({ action: 'setStyle', selector: 'a', content: { color: { r: 1 } } }), 'must be text, a number or true/false'],
    ['a rearrange that is not {from, to}', withActions({ action: 'rearrange', selector: 'ul', content: { from: -1, to: 2 } }), 'from must be a whole number'],
    ['a moveTo without a destination', withActions({ action: 'moveTo', selector: '.avis', content: { place: 'before' } }), 'content.destination must be the CSS selector'],
    [
      'a moveTo to an unknown place',
      withActions({ action: 'moveTo', selector: '.avis', content: { destination: 'h1', place: 'inside' } }),
      'content.place must be one of before, after, prepend, append',
    ],
    [
      'a moveTo into the moved element',
      withActions({ action: 'moveTo', selector: 'article', content: { destination: 'article > h1', place: 'after' } }),
      'content.destination is the moved element or inside it',
    ],
    ['a moveTo with an extra content field', withActions({ action: 'moveTo', selector: 'h1', content: { destination: 'h2', place: 'after', html: '<b>' } }), 'content: unknown field "html"'],
    ['a redirect without a URL', withActions({ action: 'redirect' }), 'needs a URL'],
    ['content on remove', withActions({ action: 'remove', selector: 'a', content: 'x' }), 'unknown field "content"'],
    ['an mbox over the spec limit', activity({ mboxes: ['m'.repeat(MAX_MBOX_CHARS + 1)] }), `longer than ${MAX_MBOX_CHARS} characters`],
    ['an empty mbox', activity({ mboxes: [''] }), 'mbox name must not be empty'],
    ['a bad activity id', activity({ id: 'a b' }), 'activity id must be'],
    ['a bad offer id', activity({ experiences: [{ id: 'a', name: 'A', share: 1, offer: { id: '<x>', name: 'X' } }] }), 'offer id must be'],
    ['an unknown definition field', activity({ script: 'x' }), 'unknown field "script"'],
    ['an audience query value that is not text', activity({ audience: { query: { a: 1 } } }), 'audience query value of a must be text'],
    ['an audience params value that is not text', activity({ audience: { params: { a: ['x'] } } }), 'audience params value of a must be text'],
    ['an unknown device class', activity({ audience: { device: ['phone'] } }), 'audience device must be a list of'],
    ['an unknown audience condition', activity({ audience: { cookie: 'x' } }), 'unknown field "cookie"'],
    ['a goal with an extra field', activity({ goal: { type: 'click', selector: '.a', script: 'x' } }), 'unknown field "script"'],
    ['a page-view goal not starting with /', activity({ goal: { type: 'pageView', path: 'noticia' } }), 'goal path must start with /'],
    ['a non-finite priority', activity({ priority: Number.POSITIVE_INFINITY }), 'priority must be a number'],
    ['trust without who and when', activity({ trusted: true }), 'trusted needs trustedBy and trustedAt'],
  ])('refuses %s with a one-line reason', (_what, input, reason) => {
    const found = reasonOf(input);
    expect(found).toContain(reason);
    expect(found).toMatch(/^activity \S+: |^activity id/);
    expect(found).not.toContain('\n');
  });

  it('refuses a submitted definition that names a trust field, whatever its value', () => {
    for (const field of [{ trusted: true }, { trusted: false }, { trustedBy: 'x' }, { trustedAt: '2026-01-01T00:00:00Z' }]) {
      const result = parseSubmittedActivity(activity(field));
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toContain('only an admin trusts an activity, with PUT /api/activities/:id/trust');
    }
    // A stored definition keeps its trust.
    expect(reasonOf(activity({ trusted: true, trustedBy: 'admin@mesura.cat', trustedAt: '2026-01-01T00:00:00.000Z' }) as unknown as Activity)).toBeUndefined();
  });

  it(`refuses a new activity beyond MAX_ACTIVITIES, and still takes changes of stored ones`, () => {
    const context = { principal: undefined, redirects: createRedirectPolicy({ siteOrigins: [] }), activityCount: MAX_ACTIVITIES };
    const created = submittedDefinition(activity(), 'prova', { ...context, before: undefined });
    expect(!created.ok && created.reason).toBe(`there are ${MAX_ACTIVITIES} activities already, the most the server keeps`);
    const changed = submittedDefinition(activity(), 'prova', { ...context, before: activity() as unknown as Activity });
    expect(changed.ok).toBe(true);
  });
});
