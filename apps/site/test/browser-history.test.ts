// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { currentLocation, INITIAL_LOCATION_KEY, locationTo, writeEntry } from '../src/routing/browser-history';

describe('the browser history of the site router', () => {
  it('gives the first entry the initial key, and each new location a key of its own', () => {
    window.history.replaceState(null, '', '/cercador/?q=llei#resultats');
    expect(currentLocation()).toEqual({ pathname: '/cercador/', search: '?q=llei', hash: '#resultats', state: null, key: INITIAL_LOCATION_KEY });
    const first = locationTo('/el-temps/girona/', { from: 'cercador' });
    const second = locationTo({ pathname: '/el-temps/girona/' }, undefined);
    expect(first).toMatchObject({ pathname: '/el-temps/girona/', search: '', hash: '', state: { from: 'cercador' } });
    expect(first.key).not.toBe(second.key);
  });

  it('writes a location so that the entry gives it back with its key and state (back and forward)', () => {
    const location = locationTo('/programes/?ordre=nom', { seen: 1 });
    writeEntry(location, false);
    expect(window.location.pathname + window.location.search).toBe('/programes/?ordre=nom');
    expect(currentLocation()).toEqual(location);
    const replacing = locationTo('/programes/', null);
    writeEntry(replacing, true);
    expect(currentLocation()).toEqual(replacing);
  });
});
