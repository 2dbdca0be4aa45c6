// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MODULES_DO_NOT_EXIST, MODULES_REQUIRED, NAME_INVALID, NAME_REQUIRED, OPTIONS_REQUIRED, PERSONALIZATION_EVENTS, REGISTER_REQUIRED, type ExtensionModules } from '../src/index.js';
import { setupClient } from './helpers/client.js';

const register = () => 'registered';

describe('registerExtension (§5 letters only, §8)', () => {
  it.each<[string, unknown, string]>([
    ['no options', undefined, OPTIONS_REQUIRED],
    ['no name', { modules: ['settings'], register }, NAME_REQUIRED],
    ['a name with digits', { name: 'ab1', modules: ['settings'], register }, NAME_INVALID],
    ['a name with a dash', { name: 'click-tracking', modules: ['settings'], register }, NAME_INVALID],
    ['no modules', { name: 'clicks', register }, MODULES_REQUIRED],
    ['an empty module list', { name: 'clicks', modules: [], register }, MODULES_REQUIRED],
    ['no register', { name: 'clicks', modules: ['settings'] }, REGISTER_REQUIRED],
    ['a module that does not exist', { name: 'clicks', modules: ['settings', 'ajax'], register }, MODULES_DO_NOT_EXIST],
  ])('refuses %s', (_name, options, message) => {
    const h = setupClient();
    h.client.registerExtension(options as never);
    expect(h.warnings).toEqual([message]);
    expect(h.client.ext).toEqual({});
  });

  it('lists the modules that exist in its message', () => {
    const h = setupClient();
    let modules: ExtensionModules | undefined;
    h.client.registerExtension({
      name: 'all',
      modules: ['settings', 'logger', 'events', 'cookies'],
      register: (...m) => (modules = Object.fromEntries(['settings', 'logger', 'events', 'cookies'].map((n, i) => [n, m[i]])) as never),
    });
    expect(MODULES_DO_NOT_EXIST).toBe(`modules do not exist: use ${Object.keys(modules ?? {}).join(', ')}`);
  });

  it('hands the modules in the order asked and keeps what register returns', () => {
    const h = setupClient({ cookies: 'theme=dark' });
    const seen: unknown[] = [];
    h.client.registerExtension({
      name: 'Theme',
      modules: ['cookies', 'settings'],
      register: (cookies, settings) => {
        seen.push((cookies as ExtensionModules['cookies']).get('theme'), (settings as ExtensionModules['settings']).clientCode);
        return { ok: true };
      },
    });
    expect(seen).toEqual(['dark', 'mesura']);
    expect(h.client.ext).toEqual({ Theme: { ok: true } });
  });

  it('lets an extension listen to the events', async () => {
    const h = setupClient();
    const heard: string[] = [];
    h.client.registerExtension({
      name: 'listener',
      modules: ['events'],
      register: (events) => (events as ExtensionModules['events']).on(PERSONALIZATION_EVENTS.requestStart, (e) => void heard.push(e.type)),
    });
    await h.client.personalize({ mbox: 'a' });
    expect(heard).toEqual(['mesura:personalize:request-start']);
    (h.client.ext.listener as () => void)();
  });

  it('refuses a name already registered, and survives a register that throws', () => {
    const h = setupClient();
    h.client.registerExtension({ name: 'a', modules: ['logger'], register });
    h.client.registerExtension({ name: 'a', modules: ['logger'], register });
    h.client.registerExtension({
      name: 'b',
      modules: ['logger'],
      register: () => {
        throw new Error('boom');
      },
    });
    expect(h.warnings).toEqual(['Extension already registered: a', 'Extension b failed to register: boom']);
  });
});
