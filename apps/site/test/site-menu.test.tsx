// @vitest-environment happy-dom
import { act } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import { lockPageScroll } from '../src/consent/page-scroll-lock';
import { SITE_MENU_ID, SiteMenu } from '../src/components/site-menu';

// The phone menu as a disclosure: «Menú» opens the navigation; Escape and navigation close it.

const root = mountedRoot();

async function renderMenu() {
  const container = await root.mount(
    <MemoryRouter initialEntries={['/']}>
      <SiteMenu label="Navegació principal">
        <Link to="/el-temps/">El temps</Link>
      </SiteMenu>
    </MemoryRouter>,
  );
  const button = container.querySelector('button')!;
  const nav = container.querySelector('nav')!;
  return { button, nav };
}

describe('the phone menu', () => {
  it('is a button that controls the navigation, closed at first', async () => {
    const { button, nav } = await renderMenu();
    expect(button.textContent).toBe('Menú');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(SITE_MENU_ID);
    expect(nav.id).toBe(SITE_MENU_ID);
    expect(nav.getAttribute('aria-label')).toBe('Navegació principal');
    expect(nav.hasAttribute('data-open')).toBe(false);
  });

  it('opens on a click, and Escape closes it and gives focus back to the button', async () => {
    const { button, nav } = await renderMenu();
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.hasAttribute('data-open')).toBe(true);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when the visitor follows one of its links', async () => {
    const { button, nav } = await renderMenu();
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
