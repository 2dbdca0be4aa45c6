// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import { CallToAction } from '../src/engagement/call-to-action';

// "Subscriu-te al butlletí": an address that is not one is refused in the page, with the message,
// and never sent; the server's refusal (400) was a failed request in the visitor's console.

const root = mountedRoot();
let container: HTMLElement;
const fetchSpy = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchSpy.mockReset();
  fetchSpy.mockResolvedValue(new Response(JSON.stringify({ status: 'check-your-mail' }), { status: 202 }));
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submitAddress(address: string): Promise<void> {
  // In the site it is always under the app's router: its first view reads a form's outcome from the address.
  container = await root.mount(
    <MemoryRouter>
      <CallToAction kind="newsletter" detail={{ linkText: '', url: '', identificadorClic: '', seccio: 'portada' }} />
    </MemoryRouter>,
  );
  const field = container.querySelector<HTMLInputElement>('input[name="email"]')!;
  field.value = address;
  await act(async () => {
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('the newsletter sign-up', () => {
  it('refuses an address that is not one without sending it, says why and returns to the field', async () => {
    await submitAddress('no-valid');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Escriviu una adreça de correu electrònic vàlida.');
    expect(document.activeElement).toBe(container.querySelector('input[name="email"]'));
  });

  it('refuses an empty address without sending it', async () => {
    await submitAddress('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a valid address to the server and asks the visitor to confirm it from their mail', async () => {
    await submitAddress('lectora@example.org');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [path, init] = fetchSpy.mock.calls[0]!;
    expect(path).toBe('/api/engagement/newsletter');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'lectora@example.org' });
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Us hem enviat un correu a lectora@example.org. Obriu l’enllaç que hi trobareu per confirmar la subscripció i rebreu el butlletí cada matí.',
    );
  });
});
