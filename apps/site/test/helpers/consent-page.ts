/**
 * A page for the consent manager's DOM tests (happy-dom): React's act() switched on, the TCF API
 * read synchronously, controls found by their accessible text, and everything reset between tests.
 */
import { CmpApiModel } from '@iabtcf/cmpapi';
import { act } from 'react';

declare global {
  // React checks this flag before warning that updates are not wrapped in act().
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** The part of TCF `TCData` the tests read. */
export interface TcData {
  eventStatus: string;
  tcString: string;
  purpose: { consents: Record<string, boolean> };
  vendor: { consents: Record<string, boolean> };
}

type TcfApi = (command: string, version: number, callback: (data: TcData, success: boolean) => void) => void;

const tcfapi = (): TcfApi => (window as unknown as { __tcfapi: TcfApi }).__tcfapi;

/** `__tcfapi('getTCData')`; @iabtcf/cmpapi answers synchronously once it has a TC string. */
export function getTCData(): TcData {
  let answer: TcData | undefined;
  tcfapi()('getTCData', 2, (data) => {
    answer = data;
  });
  if (answer === undefined) throw new Error('__tcfapi did not answer getTCData synchronously: was update() called?');
  return answer;
}

/** Every TCData the page's `__tcfapi` sends to an `addEventListener` listener, in order. */
export function listenToTcf(): TcData[] {
  const heard: TcData[] = [];
  tcfapi()('addEventListener', 2, (data, success) => {
    if (success) heard.push(data);
  });
  return heard;
}

/** The ids a TCData consent map sets to true (the library lists every other id as false). */
export function consentedIds(consents: Record<string, boolean> | undefined): number[] {
  return Object.entries(consents ?? {})
    .filter(([, given]) => given)
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
}

export const dialog = (): HTMLElement | null => document.querySelector('[role="dialog"]');

/** The accessible name of the dialog: the text of the element its aria-labelledby points to. */
export function dialogName(): string | undefined {
  const id = dialog()?.getAttribute('aria-labelledby');
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined;
}

export function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].filter((candidate) => candidate.textContent === name);
  if (found.length !== 1) throw new Error(`Expected one button "${name}", found ${found.length}.`);
  return found[0]!;
}

/** The switch labelled `name`. */
export function switchNamed(name: string): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent === name);
  const input = label === undefined ? null : document.getElementById(label.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No switch labelled "${name}".`);
  return input;
}

export const click = (element: HTMLElement): void => act(() => element.click());

export function pressEscape(): void {
  const target = document.activeElement ?? document.body;
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
}

export function consentCookieValue(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith('euconsent-v2='))
    ?.slice('euconsent-v2='.length);
}

/** A fresh page: no cookies, no DOM, no __tcfapi, the TCF library's module state reset. */
export function resetPage(): void {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    // An expiry in the past, not Max-Age=0: happy-dom keeps a cookie that expires in the same millisecond.
    if (name) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
  document.body.innerHTML = '';
  CmpApiModel.reset();
  delete (window as unknown as { __tcfapi?: unknown }).__tcfapi;
  delete window.mesura;
  window.history.replaceState(null, '', '/');
}
