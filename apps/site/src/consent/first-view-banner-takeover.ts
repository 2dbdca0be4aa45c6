/**
 * What the visitor did on the server's consent banner (first-view-banner.tsx) before the app's
 * banner replaced it: a button holding the focus, and clicks the head kept
 * (early-input/capture-early-input.ts). Once the app's banner is there, the same button gets the
 * focus and the same buttons are clicked, so that an answer given early is stored and counted as
 * any other.
 */
import type { EarlyInputWindow } from '../early-input/capture-early-input';
import { replayEarlyInput, takeEarlyInput } from '../early-input/replay-early-input';

export interface BannerTakeOver {
  /** Gives the focus and the waiting clicks to the app's banner rendered in `container`. */
  carryOver(container: HTMLElement): void;
}

/** Takes the focus and the waiting clicks out of the server's banner in `container`. */
export function takeOverFirstViewBanner(win: EarlyInputWindow, container: HTMLElement): BannerTakeOver {
  const buttons = (within: ParentNode) => [...within.querySelectorAll('button')];
  const active = win.document.activeElement;
  const focused = active instanceof HTMLButtonElement ? buttons(container).indexOf(active) : -1;
  const early = takeEarlyInput(win, container);
  return {
    carryOver(rendered) {
      // The app's banner focused its heading as it opened; a visitor already on a button stays there.
      if (focused >= 0) buttons(rendered)[focused]?.focus({ preventScroll: true });
      replayEarlyInput(rendered, early);
    },
  };
}
