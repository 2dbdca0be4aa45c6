/**
 * The banner's layer as an external store for `useSyncExternalStore`, so that code outside React
 * (the footer link's callback, the start-up check of the stored choice) can open it. It also keeps
 * where focus returns once the visitor has chosen: the control that reopened the banner.
 */
import { nextLayer, type BannerEvent, type BannerLayer } from './banner-layer';

/** Anything focus can be moved back to; an HTMLElement in the page. */
export interface FocusTarget {
  focus(): void;
}

export interface BannerSnapshot {
  layer: BannerLayer;
  /** Focused when the banner closes; set by `reopen`, kept until the next `reopen`. */
  returnFocusTo: FocusTarget | undefined;
}

export interface BannerStore {
  /** The current snapshot; the same object until something changes, as React requires. */
  snapshot(): BannerSnapshot;
  /** Applies an event; `returnFocusTo` is read on `reopen` only. */
  send(event: BannerEvent, returnFocusTo?: FocusTarget): void;
  /** Adds a listener called after each change; returns its removal. */
  subscribe(listener: () => void): () => void;
}

export function createBannerStore(): BannerStore {
  let current: BannerSnapshot = { layer: 'closed', returnFocusTo: undefined };
  const listeners = new Set<() => void>();
  return {
    snapshot: () => current,
    send(event, returnFocusTo) {
      const layer = nextLayer(current.layer, event);
      const focusTarget = event.type === 'reopen' ? returnFocusTo : current.returnFocusTo;
      if (layer === current.layer && focusTarget === current.returnFocusTo) return;
      current = { layer, returnFocusTo: focusTarget };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
