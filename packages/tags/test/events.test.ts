import { describe, expect, it } from 'vitest';
import type { ActionConfig, EventConfig, EventDetail, RuleContext } from '../src/index.js';
import { harness, property, rule } from '@mesura/test-utils/tags';

/** A rule on `event` whose custom action records the detail it was given. */
function recorder(event: EventConfig, name = 'rule') {
  const seen: EventDetail[] = [];
  const action: ActionConfig = { type: 'custom', run: (ctx: RuleContext) => void seen.push(ctx.detail) };
  return { rule: rule({ name, events: [event], actions: [action] }), seen };
}

/** A stand-in for a DOM element: `closest` finds the first of `ancestors` the selector names. */
function element(ancestors: Array<{ selector: string; text: string; href?: string }>) {
  return {
    closest: (selector: string) => {
      const hit = ancestors.find((a) => a.selector === selector);
      return hit ? ({ textContent: `  ${hit.text} `, getAttribute: () => hit.href ?? null } as unknown as Element) : null;
    },
  };
}

describe('page lifecycle events (§4: library loaded, DOM ready, window loaded)', () => {
  it('fires libraryLoaded, domReady and windowLoaded at start on a loaded page', async () => {
    const a = recorder({ type: 'libraryLoaded' }, 'a');
    const b = recorder({ type: 'domReady' }, 'b');
    const c = recorder({ type: 'windowLoaded' }, 'c');
    const h = harness(property([c.rule, b.rule, a.rule]));
    h.runtime.start();
    await h.clock.advance(0);
    expect([a.seen.length, b.seen.length, c.seen.length]).toEqual([1, 1, 1]);
  });

  it('waits for DOMContentLoaded and load on a page still loading', async () => {
    const ready = recorder({ type: 'domReady' }, 'ready');
    const loaded = recorder({ type: 'windowLoaded' }, 'loaded');
    const h = harness(property([ready.rule, loaded.rule]));
    Object.assign(h.env.document, { readyState: 'loading' });
    h.runtime.start();
    await h.clock.advance(0);
    expect([ready.seen.length, loaded.seen.length]).toEqual([0, 0]);
    (h.env.document as unknown as EventTarget).dispatchEvent(new Event('DOMContentLoaded'));
    await h.clock.advance(0);
    expect([ready.seen.length, loaded.seen.length]).toEqual([1, 0]);
    (h.env.window as unknown as EventTarget).dispatchEvent(new Event('load'));
    await h.clock.advance(0);
    expect([ready.seen.length, loaded.seen.length]).toEqual([1, 1]);
  });

  it('starts once: a second start() fires nothing more', async () => {
    const a = recorder({ type: 'libraryLoaded' });
    const h = harness(property([a.rule]));
    h.runtime.start();
    h.runtime.start();
    await h.clock.advance(0);
    expect(a.seen).toHaveLength(1);
  });
});

describe('direct call (§7: mesura.track(name, detail))', () => {
  it('fires the rule of that name with the call detail', async () => {
    const r = recorder({ type: 'directCall', name: 'scCompartir' });
    const h = harness(property([r.rule]));
    h.runtime.track('scCompartir', { titolContingut: 'Pressupostos' });
    h.runtime.track('scJugar');
    await h.clock.advance(0);
    expect(r.seen).toEqual([{ titolContingut: 'Pressupostos' }]);
  });

  it('takes a detail that is not an object as none', async () => {
    const r = recorder({ type: 'directCall', name: 'go' });
    const h = harness(property([r.rule]));
    h.runtime.track('go', 'junk' as never);
    await h.clock.advance(0);
    expect(r.seen).toEqual([{}]);
  });
});

describe('click on a selector', () => {
  it('fires when the clicked node or an ancestor matches, with its text and href', async () => {
    const r = recorder({ type: 'click', selector: 'a.share' });
    const h = harness(property([r.rule]));
    const outcomes = await h.runtime.fire({ type: 'click', element: element([{ selector: 'a.share', text: 'Comparteix', href: '/share' }]) });
    expect(outcomes).toEqual([{ rule: 'rule', reason: 'fired' }]);
    expect(r.seen[0]).toMatchObject({ text: 'Comparteix', href: '/share' });
  });

  it('does not fire for a click elsewhere', async () => {
    const r = recorder({ type: 'click', selector: 'a.share' });
    const h = harness(property([r.rule]));
    expect(await h.runtime.fire({ type: 'click', element: element([{ selector: 'nav', text: 'x' }]) })).toEqual([]);
  });

  it('matches nothing with an invalid selector instead of throwing', async () => {
    const r = recorder({ type: 'click', selector: 'a[' });
    const h = harness(property([r.rule]));
    const throwing = {
      closest: () => {
        throw new SyntaxError('bad selector');
      },
    };
    expect(await h.runtime.fire({ type: 'click', element: throwing })).toEqual([]);
  });
});

describe('custom event (consent ready/changed, personalisation)', () => {
  it('fires the rule listening for that event name, with its detail', async () => {
    const r = recorder({ type: 'custom', name: 'mesura:consent-ready' });
    const h = harness(property([r.rule]));
    await h.runtime.fire({ type: 'custom', name: 'mesura:consent-changed' });
    await h.runtime.fire({ type: 'custom', name: 'mesura:consent-ready', detail: { vendors: 2 } });
    expect(r.seen).toEqual([{ vendors: 2 }]);
  });

  it('is heard on the window once started', async () => {
    const r = recorder({ type: 'custom', name: 'mesura:consent-ready' });
    const h = harness(property([r.rule]));
    h.runtime.start();
    (h.env.window as unknown as EventTarget).dispatchEvent(new CustomEvent('mesura:consent-ready', { detail: 'granted' }));
    await h.clock.advance(0);
    expect(r.seen).toEqual([{ value: 'granted' }]);
  });
});

describe('route change (single-page app)', () => {
  it('fires once per navigation after pushState, with from and to', async () => {
    const r = recorder({ type: 'routeChange' });
    const h = harness(property([r.rule]));
    h.runtime.start();
    h.go('/noticia/1001/pressupostos/');
    h.env.window.history.pushState({}, '', '/noticia/1001/pressupostos/');
    h.env.window.history.replaceState({}, '', '/noticia/1001/pressupostos/');
    await h.clock.advance(100);
    expect(r.seen).toEqual([{ from: '/', to: '/noticia/1001/pressupostos/' }]);
  });

  it('fires for popstate and not for a change of hash only', async () => {
    const r = recorder({ type: 'routeChange' });
    const h = harness(property([r.rule]));
    h.runtime.start();
    h.go('/#comentaris');
    (h.env.window as unknown as EventTarget).dispatchEvent(new Event('popstate'));
    await h.clock.advance(100);
    expect(r.seen).toEqual([]);
    h.go('/el-temps/');
    (h.env.window as unknown as EventTarget).dispatchEvent(new Event('popstate'));
    await h.clock.advance(100);
    expect(r.seen).toEqual([{ from: '/', to: '/el-temps/' }]);
  });

  it('can be fired directly', async () => {
    const r = recorder({ type: 'routeChange' });
    const h = harness(property([r.rule]));
    expect(await h.runtime.fire({ type: 'routeChange' })).toEqual([{ rule: 'rule', reason: 'fired' }]);
  });
});
