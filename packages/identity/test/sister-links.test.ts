// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIdentity, decorateSisterLinks, type Identity } from '../src/index.js';
import { FIRST_RANDOM_ID, fakeCookieJar, fakeRandom, type FakeJar } from './helpers/fakes.js';

const NOW_MS = 1_795_000_000_000;
let jar: FakeJar;
let identity: Identity;
let remove: () => void;
let allowed: boolean;

function press(id: string, type = 'click'): string {
  const link = document.getElementById(id) as HTMLAnchorElement;
  link.querySelector('span')!.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
  return link.href;
}

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://www.ccma.cat/');
  document.body.innerHTML = `
    <a id="sister" href="https://www.3cat.cat/tv3/"><span>3Cat</span></a>
    <a id="own" href="/noticia/1/"><span>Notícia</span></a>
    <a id="other" href="https://example.com/"><span>Fora</span></a>`;
  document.addEventListener('click', (event) => event.preventDefault());
  jar = fakeCookieJar();
  identity = createIdentity({ jar, random: fakeRandom(), secure: true });
  allowed = true;
  remove = decorateSisterLinks({ identity, sisterDomains: ['ccma.cat', '3cat.cat'], now: () => NOW_MS, allowed: () => allowed });
});

afterEach(() => remove());

describe('decorateSisterLinks', () => {
  it('adds the visitor id to a sister-domain link as it is clicked', () => {
    expect(press('sister')).toBe(`https://www.3cat.cat/tv3/?mesura_vid=${FIRST_RANDOM_ID}.${NOW_MS / 1000}`);
  });

  it('decorates on mousedown too, for a link opened in a new tab', () => {
    expect(press('sister', 'mousedown')).toContain('mesura_vid=');
  });

  it('leaves links to this host and to other domains alone, and writes no cookie for them', () => {
    expect(press('own')).toBe('https://www.ccma.cat/noticia/1/');
    expect(press('other')).toBe('https://example.com/');
    expect(jar.writes).toEqual([]);
  });

  it('leaves every link alone while opted out', () => {
    identity.optOut();
    expect(press('sister')).toBe('https://www.3cat.cat/tv3/');
  });

  it('leaves every link alone once consent is withdrawn, and writes no id for them', () => {
    allowed = false;
    expect(press('sister')).toBe('https://www.3cat.cat/tv3/');
    expect(jar.writes).toEqual([]);
  });

  it('stops when removed', () => {
    remove();
    expect(press('sister')).toBe('https://www.3cat.cat/tv3/');
  });
});
