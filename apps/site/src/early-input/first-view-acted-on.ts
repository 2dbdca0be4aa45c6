import { EARLY_INPUT_QUEUE, type EarlyInputWindow } from './capture-early-input';

/**
 * Whether the visitor did anything on the first view in `container` that the app must carry over
 * (first-view-input.ts): a click or submit waiting in the head's queue, a field changed from what
 * the server sent, or a field holding the focus. Cheap and in the app's chunk; the code that carries
 * the input over is loaded only when this is true.
 */
export function firstViewActedOn(win: EarlyInputWindow, container: HTMLElement): boolean {
  if ((win[EARLY_INPUT_QUEUE]?.length ?? 0) > 0) return true;
  const active = win.document.activeElement;
  if (active !== null && container.contains(active) && active.matches('input, textarea')) return true;
  return [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(
    (field) => field.value !== field.defaultValue || (field instanceof HTMLInputElement && field.checked !== field.defaultChecked),
  );
}
