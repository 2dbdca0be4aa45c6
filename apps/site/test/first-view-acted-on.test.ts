// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_QUEUE, type EarlyInputWindow } from '../src/early-input/capture-early-input';
import { firstViewActedOn } from '../src/early-input/first-view-acted-on';

const win = window as EarlyInputWindow;

/** A first view with a search box, a box to tick and a hidden field, as the server sends them. */
function showFirstView(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<input name="q" value=""><input type="checkbox" name="acord"><input type="hidden" name="formulari" value="butlleti"><textarea name="text"></textarea>';
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete win[EARLY_INPUT_QUEUE];
});

describe('firstViewActedOn', () => {
  it('is false for a first view nobody touched, so the app does not load the carrying code', () => {
    expect(firstViewActedOn(win, showFirstView())).toBe(false);
  });

  it('is true for a typed field, a ticked box, a focused field or a waiting click', () => {
    const typed = showFirstView();
    typed.querySelector<HTMLInputElement>('[name="q"]')!.value = 'sequera';
    expect(firstViewActedOn(win, typed)).toBe(true);

    const ticked = showFirstView();
    ticked.querySelector<HTMLInputElement>('[name="acord"]')!.checked = true;
    expect(firstViewActedOn(win, ticked)).toBe(true);

    const focused = showFirstView();
    focused.querySelector<HTMLTextAreaElement>('textarea')!.focus();
    expect(firstViewActedOn(win, focused)).toBe(true);

    const clicked = showFirstView();
    const button = clicked.appendChild(document.createElement('button'));
    win[EARLY_INPUT_QUEUE] = [{ kind: 'click', target: button }];
    expect(firstViewActedOn(win, clicked)).toBe(true);
    // A click waiting elsewhere (the server's consent banner) is the banner's to carry over.
    expect(firstViewActedOn(win, document.createElement('div'))).toBe(false);
  });
});
