/**
 * What the visitor did on the server's first view before the app replaced it: fields typed
 * (typed-fields.ts) and clicks or submits kept by the head's capture (capture-early-input.ts). The
 * app (app.tsx) loads this only when firstViewActedOn says there is something to carry over, so that
 * a page nobody touched in its first few hundred milliseconds, the usual case, does not download it.
 */
import { captureTypedFields, restoreTypedFields } from '../typed-fields';
import type { EarlyInputWindow } from './capture-early-input';
import { replayEarlyInput, takeEarlyInput } from './replay-early-input';

/** The first view's input, taken before the app renders; `carryOver` gives it to the app's page. */
export interface FirstViewInput {
  carryOver(container: HTMLElement): void;
}

/** Takes the typed fields, the focus and the waiting clicks and submits out of the first view in `container`. */
export function takeFirstViewInput(win: EarlyInputWindow, container: HTMLElement): FirstViewInput {
  const typed = captureTypedFields(container, win.document.activeElement);
  const early = takeEarlyInput(win, container);
  return {
    carryOver: (rendered) => {
      restoreTypedFields(rendered, typed);
      // A click or submit made on the first view is done now, by the app's own controls, which measure it.
      replayEarlyInput(rendered, early);
    },
  };
}
