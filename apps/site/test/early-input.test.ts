// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureEarlyInput, EARLY_INPUT_QUEUE, type EarlyInputWindow } from '../src/early-input/capture-early-input';
import { replayEarlyInput, takeEarlyInput } from '../src/early-input/replay-early-input';

const FIRST_VIEW = `
  <a href="#seccio">Secció</a>
  <button type="button" class="start">Comença el joc</button>
  <form class="newsletter"><input name="email" type="email"><button>Subscriu-m'hi</button></form>
  <form class="search" action="/cerca/"><input name="q"><button>Cerca</button></form>`;

const root = () => document.getElementById('root')!;
const queue = () => (window as EarlyInputWindow)[EARLY_INPUT_QUEUE]!;

/** Renders `html` as the app does: anew, with handlers, the root marked as the app's. */
function renderApp(html: string, onInput: (what: string) => void) {
  root().innerHTML = html;
  root()
    .querySelector('.start')
    ?.addEventListener('click', () => onInput('start'));
  root()
    .querySelector('form.newsletter')
    ?.addEventListener('submit', (event) => {
      event.preventDefault();
      onInput(`newsletter ${new FormData(event.target as HTMLFormElement).get('email')}`);
    });
  root().setAttribute('data-app', 'ready');
}

beforeAll(() => captureEarlyInput(window as EarlyInputWindow));

afterEach(() => {
  root().remove();
  queue().splice(0);
});

function showFirstView() {
  const element = document.createElement('div');
  element.id = 'root';
  element.innerHTML = FIRST_VIEW;
  document.body.append(element);
}

describe('the first view’s early input', () => {
  it('keeps a click on a button and a submit of a form without an address, and the app does them once it has rendered', () => {
    showFirstView();
    root().querySelector<HTMLButtonElement>('.start')!.click();
    root().querySelector<HTMLInputElement>('input[name="email"]')!.value = 'lectora@example.org';
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root().querySelector('form.newsletter')!.dispatchEvent(submit);
    // Without the app the form would go to the page's own address with the address in the query.
    expect(submit.defaultPrevented).toBe(true);
    expect(queue().map((input) => input.kind)).toEqual(['click', 'submit']);

    const located = takeEarlyInput(window, root());
    expect(queue()).toEqual([]);
    const done: string[] = [];
    // The app's page has a button more before them (the phone menu, a link in the first view).
    renderApp(`<button type="button">Menú</button>${FIRST_VIEW}`, (what) => done.push(what));
    // typed-fields.ts has put the address back before the replay.
    root().querySelector<HTMLInputElement>('input[name="email"]')!.value = 'lectora@example.org';
    expect(replayEarlyInput(root(), located)).toBe(2);
    expect(done).toEqual(['start', 'newsletter lectora@example.org']);
  });

  it('leaves links and forms with an address to work without the app, and keeps nothing once the app has started', () => {
    showFirstView();
    const search = new Event('submit', { bubbles: true, cancelable: true });
    root().querySelector('form.search')!.dispatchEvent(search);
    expect(search.defaultPrevented).toBe(false);
    root()
      .querySelector('a')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(queue()).toEqual([]);

    renderApp(FIRST_VIEW, () => undefined);
    root().querySelector<HTMLButtonElement>('.start')!.click();
    expect(queue()).toEqual([]);
  });

  it('keeps a click on the server’s consent banner until the banner’s own container is the app’s, whichever starts first', () => {
    showFirstView();
    const banner = document.createElement('div');
    banner.className = 'consent-root';
    banner.innerHTML = '<button type="button">Accepta-ho tot</button>';
    document.body.append(banner);
    banner.querySelector('button')!.click();
    root().querySelector<HTMLButtonElement>('.start')!.click();
    // The page's taker leaves the banner's click for the banner's.
    expect(takeEarlyInput(window, root()).map((input) => input.text)).toEqual(['|Comença el joc']);
    root().setAttribute('data-app', 'ready');
    banner.querySelector('button')!.click();
    const located = takeEarlyInput(window, banner);
    expect(located.map((input) => input.text)).toEqual(['|Accepta-ho tot', '|Accepta-ho tot']);
    banner.setAttribute('data-app', 'ready');
    banner.querySelector('button')!.click();
    expect(queue()).toEqual([]);
    banner.remove();
  });

  it('never clicks another control that the app’s page has in the same place', () => {
    showFirstView();
    root().querySelector<HTMLButtonElement>('.start')!.click();
    const located = takeEarlyInput(window, root());
    const done: string[] = [];
    renderApp(FIRST_VIEW.replace('Comença el joc', 'Torna a jugar'), (what) => done.push(what));
    expect(replayEarlyInput(root(), located)).toBe(0);
    expect(done).toEqual([]);
  });
});
