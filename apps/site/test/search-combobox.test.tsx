// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import { SearchCombobox } from '../src/search/search-combobox';
import { SUGGEST_DEBOUNCE_MS } from '../src/search/use-search-suggestions';

// The search field's suggestions while typing, as the ARIA combobox pattern has it: asked once
// typing pauses, walked with the arrow keys, chosen with Enter, closed with Escape.

const root = mountedRoot();
let container: HTMLElement;
const fetchSpy = vi.fn<typeof fetch>();
const chosen: string[] = [];

beforeEach(async () => {
  vi.useFakeTimers();
  chosen.length = 0;
  fetchSpy.mockReset();
  fetchSpy.mockImplementation(async (url) => {
    const q = new URL(String(url), 'http://site.test').searchParams.get('q');
    return new Response(JSON.stringify({ query: q, suggestions: q === 'sekera' ? ['sequera', 'sequeres'] : [] }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  container = await root.mount(<SearchCombobox id="q" name="q" defaultValue="" maxLength={200} onChoose={(s) => chosen.push(s)} />);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const field = () => container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const options = () => [...container.querySelectorAll<HTMLElement>('[role="option"]')];

async function type(text: string): Promise<void> {
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (let end = 1; end <= text.length; end++) {
      setValue.call(field(), text.slice(0, end));
      field().dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
  });
}

async function press(key: string): Promise<void> {
  await act(async () => {
    field().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

describe('the search combobox', () => {
  it('asks for suggestions once typing pauses, and shows them as a listbox the field controls', async () => {
    expect(field().getAttribute('aria-expanded')).toBe('false');
    await type('sekera');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/content/suggest?q=sekera');
    expect(options().map((option) => option.textContent)).toEqual(['sequera', 'sequeres']);
    const list = container.querySelector('[role="listbox"]')!;
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(field().getAttribute('aria-controls')).toBe(list.id);
    expect(field().getAttribute('aria-autocomplete')).toBe('list');
  });

  it('moves through the suggestions with the arrow keys, keeping focus in the field, and searches the one chosen with Enter', async () => {
    await type('sekera');
    await press('ArrowDown');
    expect(field().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(field().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await press('ArrowUp');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    await press('Enter');
    expect(chosen).toEqual(['sequeres']);
    expect(field().value).toBe('sequeres');
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list with Escape and lets Enter submit the typed text', async () => {
    await type('sekera');
    await press('Escape');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().hasAttribute('aria-activedescendant')).toBe(false);
    await press('Enter');
    expect(chosen).toEqual([]);
  });

  it('asks nothing for a single letter', async () => {
    await type('s');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(options()).toEqual([]);
  });
});
