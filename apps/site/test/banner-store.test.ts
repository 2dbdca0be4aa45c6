import { describe, expect, it, vi } from 'vitest';
import { nextLayer, type BannerEvent, type BannerLayer } from '../src/consent/banner-layer';
import { createBannerStore } from '../src/consent/banner-store';

/** For each layer, the next layer per event, including the events that must change nothing. */
const TRANSITIONS: { from: BannerLayer; event: BannerEvent['type']; to: BannerLayer }[] = [
  { from: 'closed', event: 'ask', to: 'first' },
  { from: 'closed', event: 'configure', to: 'closed' },
  { from: 'closed', event: 'reopen', to: 'settings' },
  { from: 'closed', event: 'back', to: 'closed' },
  { from: 'closed', event: 'decided', to: 'closed' },
  { from: 'first', event: 'ask', to: 'first' },
  { from: 'first', event: 'configure', to: 'settings' },
  { from: 'first', event: 'reopen', to: 'settings' },
  { from: 'first', event: 'back', to: 'first' },
  { from: 'first', event: 'decided', to: 'closed' },
  { from: 'settings', event: 'ask', to: 'settings' },
  { from: 'settings', event: 'configure', to: 'settings' },
  { from: 'settings', event: 'reopen', to: 'settings' },
  { from: 'settings', event: 'back', to: 'first' },
  { from: 'settings', event: 'decided', to: 'closed' },
];

describe('nextLayer', () => {
  it.each(TRANSITIONS)('$from + $event → $to', ({ from, event, to }) => {
    expect(nextLayer(from, { type: event } as BannerEvent)).toBe(to);
  });
});

describe('createBannerStore', () => {
  it('starts closed', () => {
    expect(createBannerStore().snapshot()).toEqual({ layer: 'closed', returnFocusTo: undefined });
  });

  it('notifies listeners of a change and keeps the same snapshot when nothing changed', () => {
    const store = createBannerStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.send({ type: 'ask' });
    const afterAsk = store.snapshot();
    store.send({ type: 'back' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.snapshot()).toBe(afterAsk);
  });

  it('remembers the control that reopened the banner until the visitor has chosen', () => {
    const store = createBannerStore();
    const footerLink = { focus: vi.fn() };
    store.send({ type: 'reopen' }, footerLink);
    store.send({ type: 'back' });
    store.send({ type: 'decided' });
    expect(store.snapshot()).toEqual({ layer: 'closed', returnFocusTo: footerLink });
  });

  it('stops notifying a removed listener', () => {
    const store = createBannerStore();
    const listener = vi.fn();
    store.subscribe(listener)();
    store.send({ type: 'ask' });
    expect(listener).not.toHaveBeenCalled();
  });
});
