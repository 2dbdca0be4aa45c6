// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SubscriptionTable } from '../src/areas/avisos/subscription-table';
import { MailDashboard } from '../src/areas/taulers/mail-dashboard';
import { mountedRoot } from '@mesura/test-utils/react';

// The subscription calls, recorded: what is checked is the view and the frequency sent.
const subscribed = vi.hoisted(() => [] as { view: string; frequency: string }[]);
const answer = vi.hoisted(() => ({ ok: true as boolean }));
vi.mock('../src/areas/avisos/mail-notices-api', () => ({
  mailNoticesApi: {
    subscribe: (view: string, frequency: string) => {
      subscribed.push({ view, frequency });
      return Promise.resolve(
        answer.ok ? { ok: true, value: undefined } : { ok: false, failure: { reason: 'refused', status: 404, message: 'no dashboard 0123456789abcdef; it may have been deleted' } },
      );
    },
  },
}));

const mounted = mountedRoot();
const render = (element: React.ReactNode) => mounted.mount(<MemoryRouter initialEntries={['/taulers/home']}>{element}</MemoryRouter>);
const button = (container: HTMLElement, text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe("a dashboard's «Envia per correu»", () => {
  it('schedules the whole dashboard at the chosen frequency, to the person, and says where to change it', async () => {
    const container = await render(<MailDashboard id="0123456789abcdef" name="Redacció" />);
    await act(async () => button(container, 'Envia per correu').click());
    const select = container.querySelector('select')!;
    expect(container.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Envia el tauler per correu');
    await act(async () => {
      select.value = 'daily';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => button(container, "Programa l'enviament").click());
    expect(subscribed.at(-1)).toEqual({ view: '/consola/taulers/0123456789abcdef', frequency: 'daily' });
    const status = container.querySelector('[role="status"]')!;
    expect(status.textContent).toBe('Us enviarem el tauler «Redacció» per correu. Ho podeu canviar a Avisos i informes per correu.');
    expect(status.querySelector('a')!.getAttribute('href')).toBe('/avisos/');
  });

  it('says why the server refused, and keeps the choice open', async () => {
    answer.ok = false;
    const container = await render(<MailDashboard id="home" name="El meu tauler" />);
    await act(async () => button(container, 'Envia per correu').click());
    await act(async () => button(container, "Programa l'enviament").click());
    expect(subscribed.at(-1)).toEqual({ view: '/consola/taulers/home', frequency: 'weekly' });
    expect(container.querySelector('[role="alert"]')!.textContent).toContain("No s'ha pogut programar el tauler.");
    expect(container.querySelector('select')).not.toBeNull();
    answer.ok = true;
  });
});

describe('the list of mailed reports', () => {
  it('shows a dashboard by its name, linked to it', async () => {
    const subscription = { id: 's1', view: '/consola/taulers/home', dashboard: 'home', title: 'El meu tauler', frequency: 'weekly' as const, frequencyLabel: 'Cada setmana' };
    const container = await render(<SubscriptionTable subscriptions={[subscription]} onSendNow={() => undefined} onStop={() => undefined} />);
    const row = container.querySelector('tbody tr')!;
    expect(row.querySelector('th')!.textContent).toBe('Tauler: El meu tauler');
    expect(row.querySelector('th a')!.getAttribute('href')).toBe('/consola/taulers/home');
    expect(row.textContent).toContain('Cada informe del tauler amb els seus filtres');
  });
});
