/**
 * The first view's clicks and submits made before the app takes over. The server's page is shown
 * at once, but its buttons have no handlers until the app has replaced it (app.tsx, a few hundred
 * milliseconds on a cold tab): a visitor's click in that time would do nothing and be measured by
 * nothing. The page's head runs this before the first view is parsed (vite.config.ts inlines it);
 * the app replays what waits (replay-early-input.ts), so the control does what it names and is
 * measured as any other click.
 */

/** The window property the early input waits in for the app. */
export const EARLY_INPUT_QUEUE = '__mesuraEarlyInput';

/** One click on a button, or one submit of a form, made before the app started. */
export interface EarlyInput {
  kind: 'click' | 'submit';
  target: Element;
  /** The button that submitted the form, if any. */
  submitter?: Element | null;
}

export type EarlyInputWindow = Window & { [EARLY_INPUT_QUEUE]?: EarlyInput[] };

/**
 * Starts keeping the early input in `win[EARLY_INPUT_QUEUE]`. Its source is inlined into the page
 * as it is, so it refers to nothing outside itself: the app's attribute is app.tsx's
 * `APP_READY_ATTRIBUTE` (and consent/mount-banner.tsx's `BANNER_READY_ATTRIBUTE`), written out.
 */
export function captureEarlyInput(win: EarlyInputWindow): void {
  const queue: EarlyInput[] = [];
  win.__mesuraEarlyInput = queue;
  // The page's root, and the consent banner's container, once the app's own controls are in it.
  const appStarted = (element: Element) => element.closest('[data-app]') !== null;
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target && !appStarted(target) ? target.closest('button') : null;
    // A form's submit button is kept by the form's submit below; a link or a form with an address
    // works without the app.
    if (button !== null && (button.type === 'button' || button.form === null)) queue.push({ kind: 'click', target: button });
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || appStarted(form) || form.hasAttribute('action')) return;
    // Without the app, the form would go to the page's own address with its fields in the query.
    event.preventDefault();
    queue.push({ kind: 'submit', target: form, submitter: (event as SubmitEvent).submitter });
  };
  win.addEventListener('click', onClick, true);
  win.addEventListener('submit', onSubmit, true);
}
