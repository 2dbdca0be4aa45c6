import { EARLY_INPUT_QUEUE, type EarlyInputWindow } from './capture-early-input';

/**
 * Whether the visitor did anything on the first view in `container` that the app must carry over
 * (first-view-input.ts): a click or submit in it waiting in the head's queue, a field changed from what
 * the server sent, or a field holding the focus. Cheap and in the app's chunk; the code that carries
 * the input over is loaded only when this is true.
 */
export function firstViewActedOn(win: EarlyInputWindow, container: HTMLElement): boolean {
  // A box's `value` is its constant ("on" without the attribute, whose `defaultValue` is ""): only its state counts.
  const changed = (field: HTMLInputElement) => (/^(checkbox|radio)$/.test(field.type) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue);
  const fields = container.querySelectorAll<HTMLInputElement>('input, textarea');
  const waiting = (win[EARLY_INPUT_QUEUE] ?? []).some((input) => container.contains(input.target));
  return waiting || [...fields].some((field) => field === win.document.activeElement || changed(field));
}
