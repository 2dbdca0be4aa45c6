// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { captureTypedFields, restoreTypedFields } from '../src/typed-fields';

const FIRST_VIEW = '<form><input id="q" name="q" type="search" value=""><input name="x" value="a"><input type="checkbox" name="c"></form>';

describe('what a visitor typed into the first view', () => {
  it('goes back into the same fields of the page the app rendered, with the focus', () => {
    const container = document.createElement('div');
    container.innerHTML = FIRST_VIEW;
    document.body.append(container);
    const search = container.querySelector<HTMLInputElement>('#q')!;
    search.value = 'llei';
    search.focus();
    const typed = captureTypedFields(container, document.activeElement);
    // The app renders the same page anew.
    container.innerHTML = FIRST_VIEW;
    restoreTypedFields(container, typed);
    const again = container.querySelector<HTMLInputElement>('#q')!;
    expect(again.value).toBe('llei');
    expect(document.activeElement).toBe(again);
    // A field the visitor did not touch keeps what the app rendered.
    expect(container.querySelector<HTMLInputElement>('input[name="x"]')!.value).toBe('a');
    container.remove();
  });

  it('keeps a password, a ticked box and a chosen option, so that a form sent before the app is sent whole', () => {
    // The server's rendering and the app's give their fields different generated ids (useId).
    const form = (id: string) =>
      `<form><input id="${id}-p" name="p" type="password"><input id="${id}-c" type="checkbox" name="c"><input type="radio" name="o" value="a" checked><input type="radio" name="o" value="b"></form>`;
    const container = document.createElement('div');
    container.innerHTML = form('_R_4_');
    container.querySelector<HTMLInputElement>('input[name="p"]')!.value = 'secret-de-prova';
    container.querySelector<HTMLInputElement>('input[name="c"]')!.checked = true;
    container.querySelector<HTMLInputElement>('input[value="b"]')!.checked = true;
    const typed = captureTypedFields(container, null);
    container.innerHTML = form('_r_1_');
    restoreTypedFields(container, typed);
    expect(container.querySelector<HTMLInputElement>('input[name="p"]')!.value).toBe('secret-de-prova');
    expect(container.querySelector<HTMLInputElement>('input[name="c"]')!.checked).toBe(true);
    expect(container.querySelector<HTMLInputElement>('input[name="o"]:checked')!.value).toBe('b');
  });
});
