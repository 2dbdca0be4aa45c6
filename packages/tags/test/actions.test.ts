import { describe, expect, it } from 'vitest';
import { scriptLoadFailed, type ActionConfig, type DataElementConfig } from '../src/index.js';
import { errors, harness, property, rule } from '@mesura/test-utils/tags';

const elements: Record<string, DataElementConfig> = {
  section: { type: 'dataLayer', path: 'page.seccio' },
  title: { type: 'eventDetail', path: 'titolContingut' },
  empty: { type: 'constant', value: '' },
  count: { type: 'custom', get: () => 12 },
};

function setup(actions: ActionConfig[]) {
  const h = harness(property([rule({ actions })], elements));
  h.setDataLayer({ page: { seccio: 'noticies', pageName: 'noticies:portada' } });
  const fire = (detail: Record<string, unknown> = {}) => h.runtime.fire({ type: 'directCall', name: 'go', detail });
  return { h, fire };
}

describe('sendPageView action', () => {
  it('hands resolved variables, events and the event detail to the handlers', async () => {
    const { h, fire } = setup([
      {
        type: 'sendPageView',
        pageName: 'web:%section%',
        url: 'https://www.mesura.cat/x',
        variables: { section: '%section%', searchResults: '%count%', contentTitle: 'Títol: %title%' },
        events: ['pageView'],
      },
    ]);
    expect(await fire({ titolContingut: 'Pressupostos' })).toEqual([{ rule: 'rule', reason: 'fired' }]);
    expect(h.handlers.calls).toEqual([
      {
        action: 'sendPageView',
        input: {
          pageName: 'web:noticies',
          url: 'https://www.mesura.cat/x',
          variables: { section: 'noticies', searchResults: '12', contentTitle: 'Títol: Pressupostos' },
          events: ['pageView'],
          detail: { titolContingut: 'Pressupostos' },
        },
      },
    ]);
  });

  it("starts from every data-layer analytics variable with dataLayerVariables, the action's own over them", async () => {
    const { h, fire } = setup([{ type: 'sendPageView', dataLayerVariables: true, variables: { pageType: 'portada', subsection: '%empty%' } }]);
    await fire();
    const [call] = h.handlers.of('sendPageView');
    expect(call?.input.variables).toMatchObject({ section: 'noticies', programme: 'No informat', pageType: 'portada', loginState: 'no logat' });
    expect(Object.keys(call?.input.variables ?? {})).toHaveLength(37);
    expect(call?.input.variables).not.toHaveProperty('subsection');
    expect(call?.input.events).toEqual([]);
    expect(call?.input).not.toHaveProperty('pageName');
  });

  it('keeps an empty page name (§2 Error404) but leaves out empty variables', async () => {
    const { h, fire } = setup([{ type: 'sendPageView', pageName: '%empty%', variables: { section: '%empty%' } }]);
    await fire();
    expect(h.handlers.of('sendPageView')[0]?.input).toEqual({ pageName: '', variables: {}, events: [], detail: {} });
  });
});

describe('sendLink action (§7 link type defaults to o)', () => {
  it('defaults the link type to o and leaves out an empty name and URL', async () => {
    const { h, fire } = setup([{ type: 'sendLink', linkName: '%empty%', linkUrl: '%empty%', events: ['share'] }]);
    await fire();
    expect(h.handlers.of('sendLink')[0]?.input).toEqual({ linkType: 'o', variables: {}, events: ['share'], detail: {} });
  });

  it('carries its type, name, URL, variables and events', async () => {
    const { h, fire } = setup([{ type: 'sendLink', linkType: 'd', linkName: '%title%', linkUrl: '/dossier.pdf', variables: { section: '%section%' }, events: ['download'] }]);
    await fire({ titolContingut: 'Dossier' });
    expect(h.handlers.of('sendLink')[0]?.input).toEqual({
      linkType: 'd',
      linkName: 'Dossier',
      linkUrl: '/dossier.pdf',
      variables: { section: 'noticies' },
      events: ['download'],
      detail: { titolContingut: 'Dossier' },
    });
  });
});

describe('clearVariables action', () => {
  it('calls the handler', async () => {
    const { h, fire } = setup([{ type: 'clearVariables' }, { type: 'sendPageView' }]);
    await fire();
    expect(h.handlers.calls.map((c) => c.action)).toEqual(['clearVariables', 'sendPageView']);
  });
});

describe('loadScript action (§8 script failing to load)', () => {
  it('adds an async script and completes when it loads', async () => {
    const { h, fire } = setup([{ type: 'loadScript', url: 'https://cdn.example/%section%.js' }]);
    const outcome = fire();
    await h.clock.advance(0);
    expect(h.scripts.map((s) => [s.src, s.async])).toEqual([['https://cdn.example/noticies.js', true]]);
    h.scripts[0]?.load();
    expect(await outcome).toEqual([{ rule: 'rule', reason: 'fired' }]);
  });

  it('fails the rule with the script-load error', async () => {
    const { h, fire } = setup([{ type: 'loadScript', url: 'https://cdn.example/x.js' }, { type: 'clearVariables' }]);
    const outcome = fire();
    await h.clock.advance(0);
    h.scripts[0]?.fail();
    const message = scriptLoadFailed('https://cdn.example/x.js');
    expect(message).toBe('Failed to load script https://cdn.example/x.js: check the URL and that its server answers');
    expect(await outcome).toEqual([{ rule: 'rule', reason: 'error', component: 'action', index: 0, type: 'loadScript', message }]);
    expect(h.handlers.calls).toEqual([]);
    expect(errors(h)).toEqual([`[mesura tags] Rule "rule" stopped at action 0 (loadScript): ${message}`]);
  });

  it('loads a URL once per page, and again after a failure', async () => {
    const { h, fire } = setup([{ type: 'loadScript', url: 'https://cdn.example/x.js' }]);
    const first = fire();
    await h.clock.advance(0);
    h.scripts[0]?.load();
    await first;
    await fire();
    expect(h.scripts).toHaveLength(1);
  });

  it('times out a script that takes longer than 2000 ms', async () => {
    const { h, fire } = setup([{ type: 'loadScript', url: 'https://slow.example/x.js' }]);
    const outcome = fire();
    await h.clock.advance(2000);
    expect((await outcome)[0]?.reason).toBe('timedOut');
  });
});

describe('personalize action (hook for personalisation)', () => {
  it('hands the mbox name and parameters to the handler', async () => {
    const { h, fire } = setup([{ type: 'personalize', mbox: 'mesura-%section%', parameters: { seccio: '%section%', buit: '%empty%' } }]);
    await fire({ id: 3 });
    expect(h.handlers.of('personalize')[0]?.input).toEqual({ mbox: 'mesura-noticies', parameters: { seccio: 'noticies' }, detail: { id: 3 } });
  });
});

describe('custom action', () => {
  it('runs with the rule context and is awaited', async () => {
    let seen = '';
    const { fire } = setup([{ type: 'custom', run: async (ctx) => void (seen = String(ctx.dataElement('section'))) }]);
    expect(await fire()).toEqual([{ rule: 'rule', reason: 'fired' }]);
    expect(seen).toBe('noticies');
  });
});
