// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import { CallToAction } from '../src/engagement/call-to-action';
import { createPageViewGate } from '../src/measurement/page-view-gate';
import { PageViewGateContext } from '../src/measurement/page-view-gate-context';
import { Poll } from '../src/engagement/poll';
import { MyListPage } from '../src/pages/my-list-page';

// A control that replaces itself when used ("Vota" by the results, "Subscriu-te" by the thanks,
// "Treu de la llista" by the next item) must not drop the keyboard or screen-reader user's focus
// on the page's body: focus goes to what took its place (WCAG 2.4.3 Focus Order).

const DETAIL = { linkText: '', url: '', identificadorClic: '' };
const root = mountedRoot();
let container: HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'mesura_usuari=; max-age=0; path=/';
});

/** The server's status for a change it takes: a poll answer is stored (201), a newsletter sign-up awaits its mailed link (202). */
const ACCEPTED_STATUS: Record<string, number> = { '/api/engagement/newsletter': 202 };

/** Answers fetch by "METHOD path" from `answers` (JSON, 200), 404 otherwise. */
function serve(answers: Record<string, unknown>): void {
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const body = answers[`${init?.method ?? 'GET'} ${path}`];
    const status = ACCEPTED_STATUS[path] ?? (path.endsWith('/answers') ? 201 : 200);
    return body === undefined ? new Response('', { status: 404 }) : new Response(JSON.stringify(body), { status });
  });
}

async function render(node: ReactNode): Promise<void> {
  container = await root.mount(
    <PageViewGateContext value={createPageViewGate()}>
      <MemoryRouter>{node}</MemoryRouter>
    </PageViewGateContext>,
  );
}

/** Clicks `button` after focusing it, as a keyboard user's Enter does, and lets the answers arrive. */
async function press(button: HTMLElement): Promise<void> {
  button.focus();
  await act(async () => button.click());
}

const buttonNamed = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(name))!;

describe('the poll, once answered', () => {
  it('focuses its results', async () => {
    const poll = {
      id: 'habitatge-2026',
      question: 'Quina mesura?',
      options: [
        { id: 'a', label: 'A', votes: 0 },
        { id: 'b', label: 'B', votes: 0 },
      ],
      total: 0,
    };
    serve({
      'GET /api/engagement/polls/habitatge-2026': poll,
      'POST /api/engagement/polls/habitatge-2026/answers': { ...poll, options: [{ id: 'a', label: 'A', votes: 1 }, poll.options[1]], total: 1, answered: 'a' },
    });
    await render(<Poll pollId="habitatge-2026" detail={DETAIL} />);
    container.querySelector<HTMLInputElement>('input[value="a"]')!.checked = true;
    await press(buttonNamed('Vota'));
    expect(document.activeElement).toBe(container.querySelector('ul[aria-label="Resultats"]'));
  });
});

describe('the newsletter sign-up, once accepted', () => {
  it('focuses its thanks', async () => {
    serve({ 'POST /api/engagement/newsletter': {} });
    await render(<CallToAction kind="newsletter" detail={DETAIL} />);
    container.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'lectora@example.org';
    await press(buttonNamed('Subscriu-te'));
    const thanks = container.querySelector('.newsletter-signup p[role="status"]');
    expect(thanks?.textContent).not.toBe('');
    expect(document.activeElement).toBe(thanks);
  });
});

describe('La meva llista, when an item is taken out', () => {
  it('focuses the next item, then the heading once the list is empty, and says what was removed', async () => {
    document.cookie = `mesura_usuari=${encodeURIComponent(JSON.stringify({ logat: true, id: 'v-1' }))}; path=/`;
    const article = (id: string, title: string) => ({ article: { id, slug: `s-${id}`, title } });
    serve({
      'GET /api/visitor/me': { id: 'v-1', name: 'Laia' },
      'GET /api/visitor/list': {
        items: [
          { type: 'article', id: '1', addedAt: 2 },
          { type: 'article', id: '2', addedAt: 1 },
        ],
      },
      'GET /api/content/articles/1': article('1', 'Primera'),
      'GET /api/content/articles/2': article('2', 'Segona'),
      'DELETE /api/visitor/list/article/1': {},
      'DELETE /api/visitor/list/article/2': {},
    });
    await render(<MyListPage />);
    await act(async () => undefined);
    await press(buttonNamed('Treu de la llista')!);
    expect(document.activeElement?.textContent).toBe('Treu de la llista: Segona');
    expect(container.querySelector('p[role="status"]')?.textContent).toBe('S’ha tret «Primera» de la llista.');
    await press(buttonNamed('Treu de la llista')!);
    expect(document.activeElement).toBe(container.querySelector('h1'));
    expect(container.querySelector('p[role="status"]')?.textContent).toBe('S’ha tret «Segona» de la llista.');
  });
});
