// @vitest-environment happy-dom
import { act, lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { Me } from '../src/session/me';
import { SessionContext } from '../src/session/session-context';
import type { ConsoleArea } from '../src/shell/area';
import { AreaRoute } from '../src/shell/area-route';
import { mountedRoot } from '@mesura/test-utils/react';

const EDITOR: Me = { id: 'u-pol', email: 'pol@example.cat', role: 'editor', mustChangePassword: false };

const mounted = mountedRoot();
let container: HTMLElement;

/** An area whose chunk arrives when the test says so, and records that it was asked for. */
function deferredArea(minRole: ConsoleArea['minRole']) {
  let arrive: () => void = () => undefined;
  const loaded = { asked: false };
  const component = lazy(() => {
    loaded.asked = true;
    return new Promise<{ default: () => React.ReactNode }>((resolve) => {
      arrive = () => resolve({ default: () => <h1>Experiments</h1> });
    });
  });
  return { area: { path: 'experiments', label: 'Experiments', minRole, component } satisfies ConsoleArea, loaded, arrive: () => arrive() };
}

async function render(area: ConsoleArea, me: Me) {
  container = await mounted.mount(
    <SessionContext.Provider value={{ me, refresh: async () => undefined }}>
      <AreaRoute area={area} />
    </SessionContext.Provider>,
  );
}

describe('an area as the router mounts it', () => {
  it('shows a loading state until its chunk arrives, then the area', async () => {
    const { area, arrive } = deferredArea('editor');
    await render(area, EDITOR);
    expect(container.querySelector('[role="status"]')?.textContent).toBe("S'està carregant…");
    await act(async () => arrive());
    expect(container.querySelector('h1')?.textContent).toBe('Experiments');
  });

  it('refuses a role below the area without loading its chunk', async () => {
    const { area, loaded } = deferredArea('admin');
    await render(area, EDITOR);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('El vostre rol no té accés a aquesta secció.');
    expect(loaded.asked).toBe(false);
  });
});
