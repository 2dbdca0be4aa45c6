import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { tileDragAnnouncements } from '../src/areas/taulers/tile-drag-announcements';

const TITLES: Record<string, string> = { a: 'Pàgines', b: 'Seccions', c: 'Audiència per dia' };
const active = (id: string) => ({ id }) as Active;
const over = (id: string) => ({ id }) as Over;

describe("a dragged tile's announcements", () => {
  it('says in Catalan which report was taken, where it would go, and where it was left', () => {
    const said = tileDragAnnouncements({ order: ['a', 'b', 'c'], titleOf: (id) => TITLES[id]!, said: {} });
    expect(said.onDragStart({ active: active('b') })).toBe("S'ha agafat «Seccions», a la posició 2 de 3.");
    // The drag's first "over" is the tile's own place: the start's sentence is left to be read.
    expect(said.onDragOver({ active: active('b'), over: over('b') })).toBeUndefined();
    expect(said.onDragOver({ active: active('b'), over: over('c') })).toBe('«Seccions» aniria a la posició 3 de 3.');
    expect(said.onDragOver({ active: active('b'), over: null })).toBe('«Seccions» no és damunt de cap posició.');
    expect(said.onDragOver({ active: active('b'), over: over('a') })).toBe('«Seccions» aniria a la posició 1 de 3.');
    expect(said.onDragEnd({ active: active('b'), over: over('a') })).toBe("S'ha deixat «Seccions» a la posició 1 de 3.");
  });

  it('says a tile dropped on its own place stayed, and a cancelled drag where it is back', () => {
    const said = tileDragAnnouncements({ order: ['a', 'b'], titleOf: (id) => TITLES[id]!, said: {} });
    expect(said.onDragEnd({ active: active('a'), over: over('a') })).toBe("S'ha deixat «Pàgines» al seu lloc.");
    expect(said.onDragCancel({ active: active('a'), over: over('b') })).toBe("S'ha cancel·lat el moviment: «Pàgines» torna a la posició 1 de 2.");
  });
});
