// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiFailure } from '../src/api/api-answer';
import type { AccountAuditEntry } from '../src/areas/administracio/account-audit';
import type { Outcome } from '../src/api/api-answer';
import type { AdminApi } from '../src/areas/administracio/admin-api';
import { AdminApiContext } from '../src/areas/administracio/admin-api-context';
import AdministracioArea from '../src/areas/administracio/administracio-area';
import type { UserAccount } from '../src/areas/administracio/user-accounts';
import type { RightsRequest, VisitorRowCounts } from '../src/areas/administracio/visitor-rights';
import type { Me } from '../src/session/me';
import { SessionContext } from '../src/session/session-context';
import { mountedRoot } from '@mesura/test-utils/react';

const VISITOR = '1F65FB944AFA1C05-25FBFAF16BF6E758';
const COUNTS: VisitorRowCounts = { hits: 12, heartbeats: 30, mediaSessions: 2, decisionEvents: 1 };
const ADMIN: Me = { id: 'u-anna', email: 'anna@example.cat', role: 'admin', mustChangePassword: false };
const ANNA: UserAccount = { id: 'u-anna', email: 'anna@example.cat', role: 'admin', mustChangePassword: false, createdAt: '2026-11-01T09:00:00.000Z' };
const POL: UserAccount = { id: 'u-pol', email: 'pol@example.cat', role: 'analyst', mustChangePassword: false, createdAt: '2026-11-02T09:00:00.000Z' };

const ok = <T,>(value: T): Promise<Outcome<T>> => Promise.resolve({ ok: true, value });
const refused = (message: string, status = 400): Promise<Outcome<never>> =>
  Promise.resolve({ ok: false, failure: { reason: 'rejected', status, message, code: 'MESURA_ERR_BAD_ACCOUNT' } satisfies ApiFailure });

/** An in-memory AdminApi: users and requests kept in arrays, each method a spy a test may script. */
function fakeAdminApi(users: UserAccount[] = [ANNA, POL], requests: RightsRequest[] = []) {
  const api = {
    listUsers: vi.fn(() => ok([...users])),
    lastSignIns: vi.fn(() => ok(new Map([['u-anna', '2026-11-24T08:00:00.000Z']]))),
    createUser: vi.fn(({ email, role }) => {
      const user = { id: `u-${users.length}`, email, role, mustChangePassword: false, createdAt: '2026-11-25T09:00:00.000Z' };
      users.push(user);
      return ok(user);
    }),
    changeRole: vi.fn((id, role) => ok({ ...users.find((user) => user.id === id)!, role })),
    deleteUser: vi.fn((id: string) => {
      users.splice(
        users.findIndex((user) => user.id === id),
        1,
      );
      return ok(undefined);
    }),
    auditPage: vi.fn((_before: string | null) => ok({ entries: [] as AccountAuditEntry[], next: null as string | null })),
    rightsRequests: vi.fn(() => ok([...requests])),
    visitorData: vi.fn((visitorId: string) => ok({ visitorId, counts: COUNTS, json: { visitorId, counts: COUNTS, hits: [] } })),
    eraseVisitor: vi.fn((visitorId: string) => {
      requests.unshift({ at: '2026-11-25T09:00:00.000Z', kind: 'erasure', visitorId, requestedBy: { userId: 'u-anna', email: 'anna@example.cat' }, rows: COUNTS });
      return ok({ visitorId, deleted: COUNTS });
    }),
  } satisfies AdminApi;
  return api;
}

const mounted = mountedRoot();
let container: HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders the area at `path` as the shell mounts it (/administracio/*), signed in as `me`, over `api`. */
async function renderArea(path: string, api: AdminApi, me: Me = ADMIN) {
  container = await mounted.mount(
    <SessionContext.Provider value={{ me, refresh: async () => undefined }}>
      <AdminApiContext.Provider value={api}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/administracio/*" element={<AdministracioArea />} />
          </Routes>
        </MemoryRouter>
      </AdminApiContext.Provider>
    </SessionContext.Provider>,
  );
}

const text = () => container.textContent ?? '';
const byId = <T extends HTMLElement>(id: string) => container.querySelector<T>(`#${CSS.escape(id)}`)!;

function button(name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name || candidate.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no button "${name}" in: ${text()}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
}

/** Types into a controlled input or select the way React notices (its value setter, then the event). */
async function type(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

describe('the Administració area', () => {
  it('opens on Usuaris, with a navigation to its four pages', async () => {
    await renderArea('/administracio', fakeAdminApi());
    const links = [...container.querySelectorAll('nav[aria-label="Administració"] a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Usuaris', '/administracio/usuaris'],
      ['Claus API', '/administracio/claus-api'],
      ['Drets dels visitants', '/administracio/drets-visitants'],
      ['Registre del compte', '/administracio/registre'],
    ]);
    expect(container.querySelector('h1')?.textContent).toBe('Usuaris');
  });

  it('refuses a signed-in person who is not an admin, and asks the API nothing', async () => {
    const api = fakeAdminApi();
    await renderArea('/administracio/usuaris', api, { ...ADMIN, role: 'editor' });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Aquesta secció és només per a administradors; el vostre rol no hi té accés.');
    expect(api.listUsers).not.toHaveBeenCalled();
  });
});

describe('Usuaris', () => {
  it('lists each user with role, creation and latest sign-in ("Mai" when never)', async () => {
    await renderArea('/administracio/usuaris', fakeAdminApi());
    const rows = [...container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.map((row) => row[0])).toEqual(['anna@example.cat (vós)', 'pol@example.cat']);
    expect(rows[0]![3]).toMatch(/24 .*nov.* 2026/);
    expect(rows[1]![3]).toBe('Mai');
    expect(byId<HTMLSelectElement>('user-role-u-pol').value).toBe('analyst');
  });

  it("shows the server's refusal of a new user at its field, focused and described, then makes it", async () => {
    const api = fakeAdminApi();
    api.createUser.mockImplementationOnce(() => refused('password must have at least 12 characters'));
    await renderArea('/administracio/usuaris', api);
    await type(byId('new-user-email'), 'marta@example.cat');
    await type(byId('new-user-password'), 'curta');
    await type(byId('new-user-role'), 'editor');
    await click(button("Crea l'usuari"));
    const password = byId<HTMLInputElement>('new-user-password');
    expect(byId('new-user-problem').textContent).toBe("No s'ha pogut crear l'usuari. La contrasenya inicial ha de tenir almenys 12 caràcters.");
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe('new-user-problem');

    await type(password, 'una contrasenya prou llarga');
    await click(button("Crea l'usuari"));
    expect(api.createUser).toHaveBeenLastCalledWith({ email: 'marta@example.cat', password: 'una contrasenya prou llarga', role: 'editor' });
    expect(container.querySelector('[role="status"]')?.textContent).toBe("S'ha creat marta@example.cat. Doneu-li la contrasenya inicial per un canal segur: l'haurà de canviar en entrar.");
    expect(text()).toContain('marta@example.cat');
    expect(byId<HTMLInputElement>('new-user-password').value).toBe('');
  });

  it('asks for an e-mail before sending anything', async () => {
    const api = fakeAdminApi();
    await renderArea('/administracio/usuaris', api);
    await click(button("Crea l'usuari"));
    expect(byId('new-user-problem').textContent).toBe("Escriviu l'adreça electrònica del nou usuari.");
    expect(document.activeElement).toBe(byId('new-user-email'));
    expect(api.createUser).not.toHaveBeenCalled();
  });

  it("changes a user's role, and explains the refusal to demote the last admin", async () => {
    const api = fakeAdminApi([ANNA, POL]);
    await renderArea('/administracio/usuaris', api);
    expect(() => button('Desa el rol')).toThrow();
    await type(byId('user-role-u-pol'), 'editor');
    await click(button('Desa el rol'));
    expect(api.changeRole).toHaveBeenCalledWith('u-pol', 'editor');
    expect(text()).toContain('Ara pol@example.cat és editor.');

    api.changeRole.mockImplementationOnce(() => refused('the last admin cannot be demoted; make another admin first'));
    await type(byId('user-role-u-anna'), 'analyst');
    await click(button('Desa el rol'));
    const alert = [...container.querySelectorAll('[role="alert"]')].at(-1)!;
    expect(alert.textContent).toBe("No s'ha pogut canviar el rol de l'usuari anna@example.cat. És l'únic administrador: feu administrador algú altre abans de treure-li aquest rol.");
    expect(document.activeElement).toBe(alert);
    // The select goes back to the role the user still has.
    expect(byId<HTMLSelectElement>('user-role-u-anna').value).toBe('admin');
  });

  it('deletes a user only after a confirmation naming them, which takes focus', async () => {
    const api = fakeAdminApi([ANNA, POL]);
    await renderArea('/administracio/usuaris', api);
    await click(button('Esborra pol@example.cat'));
    expect(api.deleteUser).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button('Sí, esborra pol@example.cat'));
    await click(button('Cancel·la'));
    expect(() => button('Sí, esborra pol@example.cat')).toThrow();

    await click(button('Esborra pol@example.cat'));
    await click(button('Sí, esborra pol@example.cat'));
    expect(api.deleteUser).toHaveBeenCalledWith('u-pol');
    expect([...container.querySelectorAll('tbody th')].map((cell) => cell.textContent)).toEqual(['anna@example.cat (vós)']);
  });

  it('shows the error state when the users cannot be read', async () => {
    const api = fakeAdminApi();
    api.listUsers.mockImplementation(() => Promise.resolve({ ok: false, failure: { reason: 'server-error', status: 503 } }));
    await renderArea('/administracio/usuaris', api);
    expect(text()).toContain("No s'han pogut llegir els usuaris. El servidor ha fallat (error 503).");
  });
});

describe('Drets dels visitants', () => {
  it('refuses an id of another format at the field, without asking the server', async () => {
    const api = fakeAdminApi();
    await renderArea('/administracio/drets-visitants', api);
    await type(byId('visitor-id'), 'visitant-123');
    await click(button('Consulta les dades'));
    expect(byId('visitor-lookup-problem').textContent).toMatch(/^L'identificador de visitant té el format XXXXXXXXXXXXXXXX-XXXXXXXXXXXXXXXX/);
    expect(document.activeElement).toBe(byId('visitor-id'));
    expect(api.visitorData).not.toHaveBeenCalled();
  });

  it('looks an id up, offers its JSON, and erases it after a confirmation naming the id and its rows', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:prova', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = fakeAdminApi();
    await renderArea('/administracio/drets-visitants', api);
    expect(text()).toContain("Encara no s'ha consultat ni esborrat cap visitant.");

    await type(byId('visitor-id'), ` ${VISITOR.toLowerCase()} `);
    await click(button('Consulta les dades'));
    expect(api.visitorData).toHaveBeenCalledWith(VISITOR);
    expect(document.activeElement?.id).toBe('visitor-data-heading');
    expect(container.querySelector('.admin-counts')?.textContent).toBe('Impactes12Batecs de mèdia30Sessions de mèdia2Decisions de personalització1Total de files45');
    expect(api.rightsRequests).toHaveBeenCalledTimes(2);

    await click(button('Desa les dades (JSON)'));
    expect(saved).toEqual([`mesura-visitant-${VISITOR}.json`]);

    await click(button('Esborra aquest visitant…'));
    expect(api.eraseVisitor).not.toHaveBeenCalled();
    const confirmation = container.querySelector('.admin-confirm')!;
    expect(document.activeElement?.id).toBe('erase-confirm-heading');
    expect(confirmation.textContent).toContain(`Voleu esborrar definitivament el visitant ${VISITOR}?`);
    expect(confirmation.textContent).toContain("S'esborraran 45 files de totes les taules (12 impactes, 30 batecs de mèdia, 2 sessions de mèdia, 1 decisions de personalització)");
    await click(button(`Sí, esborra ${VISITOR}`));
    expect(api.eraseVisitor).toHaveBeenCalledWith(VISITOR);
    expect(text()).toContain(`S'han esborrat les dades de ${VISITOR}`);
    expect(document.activeElement?.id).toBe('visitor-erased-heading');
    const recorded = [...container.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.slice(1)).toEqual(['Esborrament', VISITOR, 'anna@example.cat', '12', '30', '2', '1', '45']);
  });

  it("says why an erasure failed and keeps the visitor's data on screen", async () => {
    const api = fakeAdminApi();
    api.eraseVisitor.mockImplementationOnce(() => Promise.resolve({ ok: false, failure: { reason: 'network' } }));
    await renderArea('/administracio/drets-visitants', api);
    await type(byId('visitor-id'), VISITOR);
    await click(button('Consulta les dades'));
    await click(button('Esborra aquest visitant…'));
    await click(button(`Sí, esborra ${VISITOR}`));
    expect(byId('visitor-lookup-problem').textContent).toBe(`No s'han pogut esborrar les dades de ${VISITOR}. No s'ha pogut connectar amb el servidor. Comproveu la connexió i torneu-ho a provar.`);
    expect(document.activeElement).toBe(byId('visitor-id'));
    expect(text()).toContain(`Dades del visitant ${VISITOR}`);
  });
});

describe('Registre del compte', () => {
  const entry = (action: string, at: string, actor: AccountAuditEntry['actor'] = { id: 'u-anna', email: 'anna@example.cat' }): AccountAuditEntry => ({
    at,
    action,
    actor,
    subject: 'u-pol',
    subjectName: 'pol@example.cat',
  });

  it('shows the newest entries and appends older pages through the cursor', async () => {
    const api = fakeAdminApi();
    api.auditPage
      .mockImplementationOnce(() => ok({ entries: [entry('user-role-editor', '2026-11-25T09:00:00.000Z')], next: '1764061200000-7' }))
      .mockImplementationOnce(() => ok({ entries: [entry('login-failed', '2026-11-24T09:00:00.000Z', null)], next: null }));
    await renderArea('/administracio/registre', api);
    expect(api.auditPage).toHaveBeenLastCalledWith(null, expect.anything());
    await click(button("Mostra'n de més antigues"));
    expect(api.auditPage).toHaveBeenLastCalledWith('1764061200000-7', undefined);
    const rows = [...container.querySelectorAll('tbody tr')].map((row) => [...row.children].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['anna@example.cat', 'Ha canviat el rol a editor', 'pol@example.cat'],
      ['una adreça sense compte', 'Intent fallit d’entrar', 'pol@example.cat'],
    ]);
    expect(() => button("Mostra'n de més antigues")).toThrow();
    expect(text()).toContain('2 entrades mostrades.');
  });
});

describe('Claus API', () => {
  it("shows the admin's own tokens with the console's token screen", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ tokens: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await renderArea('/administracio/claus-api', fakeAdminApi());
    expect(container.querySelector('h1')?.textContent).toBe('Claus API');
    expect(text()).toContain('Encara no teniu cap clau API.');
  });
});
