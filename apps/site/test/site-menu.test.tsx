// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lockPageScroll } from '../src/consent/page-scroll-lock';
import { SITE_MENU_ID, SiteMenu } from '../src/components/site-menu';

// The phone menu as a disclosure: «Menú» opens the navigation; Escape and navigation close it.

let root: Root | undefined;
let container: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

function renderMenu() {
  container = document.createElement('div');
  document.body.append(container);
  act(() => {
    root = createRoot(container);
    root.render(
      <MemoryRouter initialEntries={['/']}>
        <SiteMenu label="Navegació principal">
          <Link to="/el-temps/">El temps</Link>
        </SiteMenu>
      </MemoryRouter>,
    );
  });
  const button = container.querySelector('button')!;
  const nav = container.querySelector('nav')!;
  return { button, nav };
}

describe('the phone menu', () => {
  it('is a button that controls the navigation, closed at first', () => {
    const { button, nav } = renderMenu();
    expect(button.textContent).toBe('Menú');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(SITE_MENU_ID);
    expect(nav.id).toBe(SITE_MENU_ID);
    expect(nav.getAttribute('aria-label')).toBe('Navegació principal');
    expect(nav.hasAttribute('data-open')).toBe(false);
  });

  it('opens on a click, and Escape closes it and gives focus back to the button', () => {
    const { button, nav } = renderMenu();
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.hasAttribute('data-open')).toBe(true);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when the visitor follows one of its links', () => {
    const { button, nav } = renderMenu();
    act(() => button.click());
    act(() => nav.querySelector('a')!.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.hasAttribute('data-open')).toBe(false);
  });
});

describe('the page scroll lock of the consent settings', () => {
  it('hides the overflow of the root and the body, and puts back what was there', () => {
    document.body.style.overflow = 'clip';
    const unlock = lockPageScroll(document);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    unlock();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.body.style.overflow).toBe('clip');
  });
});
