import { describe, expect, it } from 'vitest';
import { ACTION_TIMEOUT, UNSUPPORTED_IE, domainNotAuthorised, moduleNotFound, type ActionConfig } from '../src/index.js';
import { errors, harness, property, rule } from '@mesura/test-utils/tags';

const custom = (run: () => void | Promise<void>): ActionConfig => ({ type: 'custom', run });
const never = (): Promise<never> => new Promise(() => {});

describe('run order', () => {
  it('runs rules by order, then in declaration order (§9 Rules)', async () => {
    const ran: string[] = [];
    const h = harness(
      property([
        rule({ name: 'c', actions: [custom(() => void ran.push('c'))] }),
        rule({ name: 'a', order: 10, actions: [custom(() => void ran.push('a'))] }),
        rule({ name: 'd', order: 90, actions: [custom(() => void ran.push('d'))] }),
        rule({ name: 'b', order: 10, actions: [custom(() => void ran.push('b'))] }),
      ]),
    );
    const outcomes = await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    expect(outcomes.map((o) => o.rule)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('checks conditions in order and stops at the first that fails', async () => {
    const checked: number[] = [];
    const test = (n: number, result: boolean) => ({ type: 'custom' as const, test: () => (checked.push(n), result) });
    const h = harness(property([rule({ conditions: [test(0, true), test(1, false), test(2, true)], actions: [custom(() => {})] })]));
    expect(await h.runtime.fire({ type: 'directCall', name: 'go' })).toEqual([{ rule: 'rule', reason: 'conditionFailed', index: 1, type: 'custom' }]);
    expect(checked).toEqual([0, 1]);
  });

  it('runs actions in sequence, each awaited before the next', async () => {
    const ran: string[] = [];
    const h = harness(
      property([
        rule({
          actions: [
            custom(async () => {
              await Promise.resolve();
              ran.push('first');
            }),
            custom(() => void ran.push('second')),
          ],
        }),
      ]),
    );
    await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(ran).toEqual(['first', 'second']);
  });

  it('handles events one at a time, in the order they come', async () => {
    const ran: string[] = [];
    const h = harness(
      property([
        rule({ name: 'slow', actions: [custom(() => new Promise<void>((done) => h.env.setTimer(() => done(void ran.push('slow')), 500)))] }),
        rule({ name: 'other', events: [{ type: 'directCall', name: 'next' }], actions: [custom(() => void ran.push('next'))] }),
      ]),
    );
    h.runtime.track('go');
    h.runtime.track('next');
    await h.clock.advance(499);
    expect(ran).toEqual([]);
    await h.clock.advance(1);
    expect(ran).toEqual(['slow', 'next']);
  });

  it('reports a disabled rule without running it', async () => {
    const h = harness(property([rule({ enabled: false, actions: [custom(() => expect.fail('ran'))] })]));
    expect(await h.runtime.fire({ type: 'directCall', name: 'go' })).toEqual([{ rule: 'rule', reason: 'disabled' }]);
  });

  it('returns no outcome for rules the event does not reach', async () => {
    const h = harness(property([rule()]));
    expect(await h.runtime.fire({ type: 'directCall', name: 'other' })).toEqual([]);
  });
});

describe('timeouts (§8 Tag runtime, §9 Rules: 2000 ms)', () => {
  it('abandons an action after 2000 ms with the exact message and stops the rule', async () => {
    let after = false;
    const h = harness(property([rule({ actions: [custom(never), custom(() => void (after = true))] })]));
    const outcome = h.runtime.fire({ type: 'directCall', name: 'go' });
    await h.clock.advance(1999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await h.clock.advance(0);
    expect(settled).toBe(false);
    await h.clock.advance(1);
    expect(await outcome).toEqual([{ rule: 'rule', reason: 'timedOut', component: 'action', index: 0, type: 'custom', message: ACTION_TIMEOUT }]);
    expect(ACTION_TIMEOUT).toBe('A timeout occurred because the action took longer than 2 seconds to complete');
    expect(after).toBe(false);
    expect(errors(h)).toEqual([`[mesura tags] Rule "rule" stopped at action 0 (custom): ${ACTION_TIMEOUT}`]);
  });

  it('abandons a condition after 2000 ms: the rule does not fire, even negated', async () => {
    const h = harness(property([rule({ conditions: [{ type: 'custom', test: never, negate: true }], actions: [custom(() => expect.fail('ran'))] })]));
    const outcome = h.runtime.fire({ type: 'directCall', name: 'go' });
    await h.clock.advance(2000);
    expect(await outcome).toEqual([{ rule: 'rule', reason: 'timedOut', component: 'condition', index: 0, type: 'custom', message: ACTION_TIMEOUT }]);
  });

  it('lets an action that settles within 2000 ms complete', async () => {
    const h = harness(property([rule({ actions: [custom(() => new Promise<void>((done) => h.env.setTimer(done, 1999)))] })]));
    const outcome = h.runtime.fire({ type: 'directCall', name: 'go' });
    await h.clock.advance(2500);
    expect(await outcome).toEqual([{ rule: 'rule', reason: 'fired' }]);
  });

  it('holds the rules behind a slow one until it times out, then runs them', async () => {
    const ran: string[] = [];
    const h = harness(property([rule({ name: 'slow', actions: [custom(never)] }), rule({ name: 'next', actions: [custom(() => void ran.push('next'))] })]));
    const outcome = h.runtime.fire({ type: 'directCall', name: 'go' });
    await h.clock.advance(1000);
    expect(ran).toEqual([]);
    await h.clock.advance(1000);
    expect((await outcome).map((o) => o.reason)).toEqual(['timedOut', 'fired']);
  });
});

describe('errors (§8 Tag runtime)', () => {
  it('stops the rule at an action that throws and never throws to the page', async () => {
    let after = false;
    const h = harness(
      property([
        rule({
          actions: [
            custom(() => {
              throw new Error('boom');
            }),
            custom(() => void (after = true)),
          ],
        }),
      ]),
    );
    expect(await h.runtime.fire({ type: 'directCall', name: 'go' })).toEqual([{ rule: 'rule', reason: 'error', component: 'action', index: 0, type: 'custom', message: 'boom' }]);
    expect(after).toBe(false);
  });

  it('reports a rejected handler as the rule error', async () => {
    const h = harness(property([rule({ actions: [{ type: 'clearVariables' }] })]));
    h.handlers.clearVariables = () => Promise.reject(new Error('analytics down'));
    const [outcome] = await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(outcome).toMatchObject({ reason: 'error', message: 'analytics down' });
  });

  it('reports a component type the runtime lacks as module not found', async () => {
    const h = harness(property([rule({ actions: [{ type: 'sendBeacon' } as unknown as ActionConfig] }), rule({ name: 'c', conditions: [{ type: 'weather' } as never] })]));
    expect(await h.runtime.fire({ type: 'directCall', name: 'go' })).toEqual([
      { rule: 'rule', reason: 'error', component: 'action', index: 0, type: 'sendBeacon', message: moduleNotFound('action', 'sendBeacon') },
      { rule: 'c', reason: 'error', component: 'condition', index: 0, type: 'weather', message: moduleNotFound('condition', 'weather') },
    ]);
    expect(moduleNotFound('action', 'sendBeacon')).toBe('Module not found: this runtime has no action of type "sendBeacon"');
  });

  it('neither throws nor runs with a malformed property', async () => {
    const h = harness({ name: 'broken' } as never);
    expect(() => h.runtime.start()).not.toThrow();
    expect(await h.runtime.fire({ type: 'libraryLoaded' })).toEqual([]);
  });
});

describe('domain list (§8 "library not authorised for the domain", §9 one domain)', () => {
  it('refuses to run on a host outside the property domains, with its error', async () => {
    const h = harness(property([rule({ events: [{ type: 'libraryLoaded' }], actions: [custom(() => expect.fail('ran'))] })]), {
      url: 'https://elsewhere.example/',
    });
    h.runtime.start();
    const outcomes = await h.runtime.fire({ type: 'libraryLoaded' });
    const message = "This library is not authorised for the domain elsewhere.example: add it to the property's domains";
    expect(domainNotAuthorised('elsewhere.example')).toBe(message);
    expect(outcomes).toEqual([{ rule: 'rule', reason: 'domainRefused', message }]);
    expect(errors(h)).toEqual([`[mesura tags] ${message}`]);
  });

  it('runs on the domain and its sub-domains', async () => {
    for (const url of ['https://mesura.cat/', 'https://www.mesura.cat/', 'https://STAGING.mesura.cat/']) {
      const h = harness(property([rule()]), { url });
      expect(await h.runtime.fire({ type: 'directCall', name: 'go' })).toEqual([{ rule: 'rule', reason: 'fired' }]);
    }
  });

  it('does not take a look-alike host for a sub-domain', async () => {
    const h = harness(property([rule()]), { url: 'https://notmesura.cat/' });
    expect((await h.runtime.fire({ type: 'directCall', name: 'go' }))[0]?.reason).toBe('domainRefused');
  });

  it('runs on localhost and 127.0.0.1 only when the property allows it', async () => {
    for (const url of ['http://localhost:5173/', 'http://127.0.0.1:8080/']) {
      const refused = harness(property([rule()]), { url });
      expect((await refused.runtime.fire({ type: 'directCall', name: 'go' }))[0]?.reason).toBe('domainRefused');
      const allowed = harness({ ...property([rule()]), allowLocalhost: true }, { url });
      expect((await allowed.runtime.fire({ type: 'directCall', name: 'go' }))[0]?.reason).toBe('fired');
    }
  });
});

describe('debug log', () => {
  const failing = () =>
    property([
      rule({
        actions: [
          custom(() => {
            throw new Error('boom');
          }),
        ],
      }),
    ]);

  it('is silent by default', async () => {
    const h = harness(failing(), { debug: false });
    await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(h.logs).toEqual([]);
  });

  it('logs through one logger with ?mesura_debug=1', async () => {
    const h = harness(failing(), { debug: false, url: 'https://www.mesura.cat/?mesura_debug=1' });
    await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(h.logs).toEqual([
      ['error', '[mesura tags] Rule "rule" stopped at action 0 (custom): boom'],
      ['info', '[mesura tags] Rule "rule": error'],
    ]);
  });

  it('logs with the localStorage flag mesura_debug', async () => {
    const h = harness(failing(), { debug: true });
    await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(errors(h)).toHaveLength(1);
  });

  it('stays silent with ?mesura_debug=0', async () => {
    const h = harness(failing(), { debug: false, url: 'https://www.mesura.cat/?mesura_debug=0' });
    await h.runtime.fire({ type: 'directCall', name: 'go' });
    expect(h.logs).toEqual([]);
  });
});

describe('IE 9 (§5 "unsupported in IE 9 and below")', () => {
  it('warns on documentMode 9 and still starts', async () => {
    const h = harness(property([rule({ events: [{ type: 'libraryLoaded' }] })]));
    Object.assign(h.env.document, { documentMode: 9 });
    h.runtime.start();
    expect(h.logs[0]).toEqual(['warn', `[mesura tags] ${UNSUPPORTED_IE}`]);
    expect(UNSUPPORTED_IE).toBe('The tag runtime is unsupported in IE 9 and below');
  });

  it('does not warn on documentMode 11', () => {
    const h = harness(property([]));
    Object.assign(h.env.document, { documentMode: 11 });
    h.runtime.start();
    expect(h.logs.filter(([level]) => level === 'warn')).toEqual([]);
  });
});
