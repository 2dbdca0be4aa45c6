import { describe, expect, it } from 'vitest';
import { CATALAN_WEEKDAYS, circularReference, unknownDataElement, type DataElementConfig, type TagEvent } from '../src/index.js';
import { errors, harness, property, rule } from '@mesura/test-utils/tags';

interface Setup {
  url?: string;
  data?: unknown;
  cookies?: string;
  now?: number;
  event?: TagEvent;
}

/** The value of data element `name` as a rule's custom action sees it, and the harness. */
async function resolve(dataElements: Record<string, DataElementConfig>, name: string, setup: Setup = {}) {
  let value: unknown = 'not resolved';
  const event = setup.event ?? { type: 'directCall', name: 'go' };
  const h = harness(property([rule({ events: [{ type: event.type, name: 'go' } as never], actions: [{ type: 'custom', run: (ctx) => void (value = ctx.dataElement(name)) }] })], dataElements), {
    url: setup.url,
  });
  h.setDataLayer(setup.data);
  h.cookies.value = setup.cookies ?? '';
  if (setup.now !== undefined) await h.clock.advance(setup.now - h.clock.now());
  await h.runtime.fire(event);
  return { value, h };
}

const one = async (element: DataElementConfig, setup?: Setup) => (await resolve({ x: element }, 'x', setup)).value;

describe('dataLayer data element (§3, with the §5 defaults)', () => {
  const data = { page: { seccio: 'noticies', areaTematica: ['Política', 'Societat'], extra: { nivell: 2 } }, user: { idUsuari: 'u-9' } };

  it('reads a path of window.mesuraData', async () => {
    expect(await one({ type: 'dataLayer', path: 'page.seccio' }, { data })).toBe('noticies');
    expect(await one({ type: 'dataLayer', path: 'user.idUsuari' }, { data })).toBe('u-9');
  });

  it('applies the data-layer defaults to a missing field', async () => {
    expect(await one({ type: 'dataLayer', path: 'page.subseccio' }, { data })).toBe('No informat');
    expect(await one({ type: 'dataLayer', path: 'page.tematica' }, { data })).toBe('No Informat');
    expect(await one({ type: 'dataLayer', path: 'page.pageName' }, { data })).toBe('noDisponible');
  });

  it('reads fields the reader does not know from the raw object', async () => {
    expect(await one({ type: 'dataLayer', path: 'page.extra.nivell' }, { data })).toBe(2);
    expect(await one({ type: 'dataLayer', path: 'page.absent' }, { data })).toBeUndefined();
  });

  it('offers the analytics variables and derived values', async () => {
    expect(await one({ type: 'dataLayer', path: 'variables.section' }, { data })).toBe('noticies');
    expect(await one({ type: 'dataLayer', path: 'variables.topicArea' }, { data })).toBe('Política');
    expect(await one({ type: 'dataLayer', path: 'derived.loginState' }, { data })).toBe('no logat');
  });

  it('applies the Error404 rule (§2)', async () => {
    const notFound = { page: { status: 'Error404', pageName: 'pagina', pageType: 'noticia' } };
    expect(await one({ type: 'dataLayer', path: 'page.pageName' }, { data: notFound })).toBe('');
    expect(await one({ type: 'dataLayer', path: 'page.pageType' }, { data: notFound })).toBe('errorPage');
  });
});

describe('eventDetail data element', () => {
  it('reads a path of the triggering event detail', async () => {
    const event: TagEvent = { type: 'directCall', name: 'go', detail: { titolContingut: 'Pressupostos', video: { id: 7 } } };
    expect(await one({ type: 'eventDetail', path: 'titolContingut' }, { event })).toBe('Pressupostos');
    expect(await one({ type: 'eventDetail', path: 'video.id' }, { event })).toBe(7);
    expect(await one({ type: 'eventDetail', path: 'absent' }, { event })).toBeUndefined();
  });
});

describe('queryParam data element (§9: at most 1000 keys parsed)', () => {
  it('reads the first value, decoded', async () => {
    const url = 'https://www.mesura.cat/cercador/?q=pressupostos+2027&q=second&tag=caf%C3%A8';
    expect(await one({ type: 'queryParam', name: 'q' }, { url })).toBe('pressupostos 2027');
    expect(await one({ type: 'queryParam', name: 'tag' }, { url })).toBe('cafè');
    expect(await one({ type: 'queryParam', name: 'absent' }, { url })).toBeUndefined();
  });

  it('matches the name case-insensitively only when asked', async () => {
    const url = 'https://www.mesura.cat/?EXT=newsletter';
    expect(await one({ type: 'queryParam', name: 'ext' }, { url })).toBeUndefined();
    expect(await one({ type: 'queryParam', name: 'ext', caseInsensitive: true }, { url })).toBe('newsletter');
  });

  it('parses no more than 1000 keys', async () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`);
    const url = `https://www.mesura.cat/?${[...keys, 'late=1'].join('&')}`;
    expect(await one({ type: 'queryParam', name: 'k999' }, { url })).toBe('999');
    expect(await one({ type: 'queryParam', name: 'late' }, { url })).toBeUndefined();
  });

  it('keeps a malformed escape as it is', async () => {
    expect(await one({ type: 'queryParam', name: 'q' }, { url: 'https://www.mesura.cat/?q=100%' })).toBe('100%');
  });
});

describe('cookie data element', () => {
  it('reads a cookie, decoded', async () => {
    const cookies = 'a=1; mesura_segment=esports%20i%20m%C3%BAsica; b=2';
    expect(await one({ type: 'cookie', name: 'mesura_segment' }, { cookies })).toBe('esports i música');
    expect(await one({ type: 'cookie', name: 'absent' }, { cookies })).toBeUndefined();
  });
});

describe('constant data element', () => {
  it('is its value', async () => {
    expect(await one({ type: 'constant', value: '3cat' })).toBe('3cat');
  });
});

describe('pageInfo data element (§9 timezone offset +1, Catalan weekday names)', () => {
  const url = 'https://www.mesura.cat/el-temps/?ciutat=girona';
  it.each([
    ['url', url],
    ['path', '/el-temps/'],
    ['hostname', 'www.mesura.cat'],
    ['referrer', 'https://www.google.com/'],
    ['viewport', '1280x720'],
  ] as const)('%s → %s', async (field, expected) => {
    expect(await one({ type: 'pageInfo', field }, { url })).toBe(expected);
  });

  it('gives the weekday, time and hour at UTC+1, not UTC', async () => {
    // Sunday 22 November 2026 23:30 UTC is Monday 00:30 at +1.
    const now = Date.UTC(2026, 10, 22, 23, 30);
    expect(await one({ type: 'pageInfo', field: 'weekday' }, { now })).toBe('dilluns');
    expect(await one({ type: 'pageInfo', field: 'localTime' }, { now })).toBe('00:30');
    expect(await one({ type: 'pageInfo', field: 'hour' }, { now })).toBe('0');
  });

  it('names every day in Catalan, dilluns … diumenge', async () => {
    const names: unknown[] = [];
    for (let day = 0; day < 7; day++) {
      // Monday 23 November 2026 + day, at noon UTC+1.
      names.push(await one({ type: 'pageInfo', field: 'weekday' }, { now: Date.UTC(2026, 10, 23 + day, 11) }));
    }
    expect(names).toEqual(['dilluns', 'dimarts', 'dimecres', 'dijous', 'divendres', 'dissabte', 'diumenge']);
    expect([...CATALAN_WEEKDAYS].sort()).toEqual([...names].sort());
  });
});

describe('firstValue data element (§5 first entry of a comma list)', () => {
  it('takes the first entry of another data element', async () => {
    const elements: Record<string, DataElementConfig> = {
      list: { type: 'constant', value: ' Esports , Futbol' },
      first: { type: 'firstValue', dataElement: 'list' },
    };
    expect((await resolve(elements, 'first')).value).toBe('Esports');
  });

  it('takes the first entry of a data-layer path, arrays included', async () => {
    const data = { page: { categoriaAgrupadora: ['Cultura', 'Música'] } };
    expect(await one({ type: 'firstValue', path: 'page.categoriaAgrupadora' }, { data })).toBe('Cultura');
  });

  it('has no value when the first entry is empty, so the default applies', async () => {
    const data = { page: { extra: ',Política' } };
    expect(await one({ type: 'firstValue', path: 'page.extra', default: 'No Informat' }, { data })).toBe('No Informat');
  });
});

describe('custom data element', () => {
  it('returns what its function returns, with the rule context', async () => {
    const event: TagEvent = { type: 'directCall', name: 'go', detail: { n: 2 } };
    expect(await one({ type: 'custom', get: (ctx) => `${ctx.rule}:${String(ctx.detail.n)}` }, { event })).toBe('rule:2');
  });

  it('gives undefined and logs when the function throws', async () => {
    const { value, h } = await resolve(
      {
        x: {
          type: 'custom',
          get: () => {
            throw new Error('no data');
          },
        },
      },
      'x',
    );
    expect(value).toBeUndefined();
    expect(errors(h)).toEqual(['[mesura tags] no data']);
  });
});

describe('options: default, cleanText, forceLowerCase', () => {
  it('uses default for an undefined or empty value', async () => {
    expect(await one({ type: 'queryParam', name: 'absent', default: 'cap' })).toBe('cap');
    expect(await one({ type: 'constant', value: '', default: 'cap' })).toBe('cap');
    expect(await one({ type: 'constant', value: 'x', default: 'cap' })).toBe('x');
  });

  it('resolves a default that refers to another data element', async () => {
    const elements: Record<string, DataElementConfig> = {
      fromCall: { type: 'eventDetail', path: 'seccio', default: '%fromPage%' },
      fromPage: { type: 'dataLayer', path: 'page.seccio' },
    };
    expect((await resolve(elements, 'fromCall', { data: { page: { seccio: 'esports' } } })).value).toBe('esports');
  });

  it('trims and collapses white space with cleanText', async () => {
    expect(await one({ type: 'constant', value: '  El   temps \n a  Girona ', cleanText: true })).toBe('El temps a Girona');
  });

  it('lower-cases with forceLowerCase', async () => {
    expect(await one({ type: 'constant', value: 'Notícies', forceLowerCase: true })).toBe('notícies');
  });

  it('cleans before defaulting: blank text takes the default', async () => {
    expect(await one({ type: 'constant', value: '   ', cleanText: true, forceLowerCase: true, default: 'Buit' })).toBe('Buit');
  });

  it('leaves values that are not text as they are', async () => {
    expect(await one({ type: 'custom', get: () => 42, cleanText: true, forceLowerCase: true })).toBe(42);
  });
});

describe('references between data elements (§8 circular reference, §9 limit 10 levels)', () => {
  /** e1 → e2 → … → eN, eN a constant. */
  const chain = (n: number): Record<string, DataElementConfig> => {
    const elements: Record<string, DataElementConfig> = {};
    for (let i = 1; i < n; i++) elements[`e${i}`] = { type: 'firstValue', dataElement: `e${i + 1}` };
    elements[`e${n}`] = { type: 'constant', value: 'fons' };
    return elements;
  };

  it('resolves a chain 10 levels deep', async () => {
    const { value, h } = await resolve(chain(10), 'e1');
    expect(value).toBe('fons');
    expect(errors(h)).toEqual([]);
  });

  it('stops at the 11th level with the circular-reference error', async () => {
    const { value, h } = await resolve(chain(11), 'e1');
    expect(value).toBeUndefined();
    expect(errors(h)).toEqual([`[mesura tags] ${circularReference('e11')}`]);
    expect(circularReference('e11')).toBe('Circular data-element reference: "e11" is nested more than 10 levels deep');
  });

  it('stops a real cycle once, whatever the path through defaults and custom readers', async () => {
    const elements: Record<string, DataElementConfig> = {
      a: { type: 'queryParam', name: 'absent', default: '%b%' },
      b: { type: 'custom', get: (ctx) => ctx.dataElement('a') },
    };
    const { value, h } = await resolve(elements, 'a');
    expect(value).toBeUndefined();
    expect(errors(h)).toHaveLength(1);
    expect(errors(h)[0]).toContain('Circular data-element reference');
  });

  it('gives undefined and logs for a name no data element has', async () => {
    const { value, h } = await resolve({}, 'absent');
    expect(value).toBeUndefined();
    expect(errors(h)).toEqual([`[mesura tags] ${unknownDataElement('absent')}`]);
  });
});
