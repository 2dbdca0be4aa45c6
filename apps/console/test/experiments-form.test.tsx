// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { button, click, fakeExperimentsApi, headlineTest, refused, renderExperiments, type, type Harness } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';

// Saving opens the results page, whose chart needs a canvas happy-dom does not have.
vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const mounted = mountedRoot();
let harness: Harness | undefined;

async function open(path: string, api = fakeExperimentsApi()) {
  harness = await renderExperiments(mounted.mount, path, api);
  const container = harness.container;
  const byId = <T extends HTMLElement>(id: string) => {
    const found = container.querySelector<T>(`#${CSS.escape(id)}`);
    if (!found) throw new Error(`no #${id}`);
    return found;
  };
  const byLabel = <T extends HTMLElement>(text: string) => {
    const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
    if (!label) throw new Error(`no label "${text}"`);
    return (label.htmlFor ? byId<T>(label.htmlFor) : label.querySelector('input, select, textarea')) as T;
  };
  return { api, container, byId, byLabel };
}

/** Adds an action of `kind` (its Catalan name) to the experience named `owner`. */
async function addAction(byLabel: (text: string) => HTMLSelectElement, owner: string, kind: string) {
  const select = byLabel(`Afegeix un canvi a ${owner}:`);
  const option = [...select.options].find((o) => o.textContent === kind)!;
  await type(select, option.value);
}

describe('the form of a new activity', () => {
  it('builds the exact definition of an A/B test with a text change and a click goal, saved as a draft', async () => {
    const { api, container, byId, byLabel } = await open('/experiments/nou/', fakeExperimentsApi([]));
    await type(byId('activity-name'), 'Títol de la notícia');
    expect(byId<HTMLInputElement>('activity-id').value).toBe('titol-de-la-noticia');
    await type(byId('activity-page'), '/noticia/1001/');
    await type(byId('experience-0-share'), '10');
    await type(byId('experience-1-share'), '90');
    await addAction(byLabel, 'Variant B', 'Canvia el text');
    await type(byLabel('Selector CSS (Variant B, canvi 1)'), 'h1');
    await type(byLabel('Text nou (Variant B, canvi 1)'), 'Un <nou> titular & més');
    await type(byId('goal-value'), '.share-button');
    await click(button(container, "Desa l'esborrany"));

    expect(api.saveActivity).toHaveBeenCalledTimes(1);
    expect(api.saveActivity).toHaveBeenCalledWith({
      id: 'titol-de-la-noticia',
      name: 'Títol de la notícia',
      type: 'ab',
      status: 'draft',
      mboxes: ['target-global-mbox'],
      audience: { path: { prefix: '/noticia/1001/' } },
      priority: 0,
      reshuffle: 0,
      experiences: [
        { id: 'control', name: 'Control', share: 10 },
        {
          id: 'variant-b',
          name: 'Variant B',
          share: 90,
          offer: { id: 'variant-b', name: 'Variant B', actions: [{ action: 'setContent', selector: 'h1', content: 'Un &lt;nou&gt; titular &amp; més' }] },
        },
      ],
      goal: { type: 'click', selector: '.share-button' },
    });
    expect(harness!.path()).toBe('/experiments/titol-de-la-noticia/');
  });

  it('names locations in Catalan (the whole page as a box, others by name) and never shows a vendor word, keeping the API names', async () => {
    const { api, container, byId, byLabel } = await open('/experiments/nou/', fakeExperimentsApi([]));
    expect(container.textContent).not.toMatch(/mbox/i);
    expect([...container.querySelectorAll('input')].map((input) => input.value).join(' ')).not.toMatch(/mbox/i);
    await type(byId('activity-name'), 'Zona');
    await type(byId('goal-value'), 'a');
    await click(byLabel('Tota la pàgina (totes les pàgines la demanen en carregar-se)'));
    await click(button(container, "Desa l'esborrany"));
    expect(byId('activity-form-problem').textContent).toContain('Trieu almenys una ubicació');
    await type(byLabel('Altres ubicacions (separades per comes)'), 'zona-portada');
    await click(button(container, "Desa l'esborrany"));
    expect(api.saveActivity.mock.calls[0]![0].mboxes).toEqual(['zona-portada']);
  });

  it("takes any of the site's goals as the experiment's goal, from the visual editor, and saves it by id", async () => {
    const { api, container, byId, byLabel } = await open('/experiments/nou/', fakeExperimentsApi([]));
    const picker = byLabel<HTMLSelectElement>('Objectiu del web');
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'Trieu…',
      'Consultar el temps (Veu una pàgina com https://www.mesura.cat/el-temps/*)',
      'Pàgina de gràcies (Veu https://www.mesura.cat/gracies/)',
      'Comparticions (Fa la crida 3)',
    ]);
    await type(picker, 'gracies');
    expect((byLabel('Un objectiu del web') as HTMLInputElement).checked).toBe(true);
    expect(byLabel<HTMLSelectElement>('Quin objectiu del web').value).toBe('gracies');
    expect(container.querySelector('#goal-value')).toBeNull();
    await type(byId('activity-name'), 'Gràcies');
    await click(button(container, "Desa l'esborrany"));
    expect(api.saveActivity.mock.calls[0]![0].goal).toEqual({ type: 'siteGoal', goal: 'gracies' });
  });

  it("takes a call goal of the site from the goal's own fields, and asks for one before saving", async () => {
    const { api, container, byId, byLabel } = await open('/experiments/nou/', fakeExperimentsApi([]));
    await type(byId('activity-name'), 'Compartir');
    await click(byLabel('Un objectiu del web'));
    await click(button(container, "Desa l'esborrany"));
    expect(byId('activity-form-problem').textContent).toContain("Trieu l'objectiu del web que compta com a conversió.");
    expect(api.saveActivity).not.toHaveBeenCalled();
    await type(byLabel<HTMLSelectElement>('Quin objectiu del web'), 'comparticions');
    await click(button(container, "Desa l'esborrany"));
    expect(api.saveActivity.mock.calls[0]![0].goal).toEqual({ type: 'siteGoal', goal: 'comparticions' });
  });

  it('makes style, HTML and redirect changes, and audience conditions, in the server’s shapes', async () => {
    const { api, container, byId, byLabel } = await open('/experiments/nou/', fakeExperimentsApi([]));
    await type(byId('activity-name'), 'Portada');
    await type(byId('activity-id'), 'portada_2');
    await click(byLabel('Mòbil'));
    await click(byLabel('Tauleta'));
    await click(byLabel('Amb sessió iniciada'));
    await click(button(container, 'Afegeix un paràmetre'));
    await type(byLabel('Nom del paràmetre 1'), 'utm_source');
    await type(byLabel('Valor del paràmetre 1'), 'butlleti');
    await addAction(byLabel, 'Variant B', "Canvia l'estil");
    await type(byLabel('Selector CSS (Variant B, canvi 1)'), '.titol');
    await type(byLabel('Propietat (Variant B, canvi 1)'), 'color');
    await type(byLabel('Valor (Variant B, canvi 1)'), '#c00');
    await addAction(byLabel, 'Variant B', 'Insereix HTML');
    expect(container.textContent).toContain('El servidor neteja aquest HTML abans de servir-lo');
    await type(byLabel('Selector CSS (Variant B, canvi 2)'), '#avis');
    await type(byLabel('HTML (Variant B, canvi 2)'), '<strong>Nou</strong>');
    expect((byLabel('On (Variant B, canvi 2)') as HTMLSelectElement).value).toBe('insertAfter');
    await addAction(byLabel, 'Control', 'Redirigeix');
    await type(byLabel('Adreça de destinació (Control, canvi 1)'), 'https://example.cat/portada-b');
    await click(byLabel("Visita d'una pàgina"));
    await type(byId('goal-value'), '/gracies/');
    await click(button(container, "Desa l'esborrany"));

    const saved = api.saveActivity.mock.calls[0]![0];
    expect(saved.id).toBe('portada_2');
    expect(saved.audience).toEqual({ query: { utm_source: 'butlleti' }, device: ['mobile', 'tablet'], loggedIn: true });
    expect(saved.experiences[0]!.offer).toEqual({ id: 'control', name: 'Control', actions: [{ action: 'redirect', content: 'https://example.cat/portada-b' }] });
    expect(saved.experiences[1]!.offer!.actions).toEqual([
      { action: 'setStyle', selector: '.titol', content: { color: '#c00' } },
      { action: 'insertAfter', selector: '#avis', content: '<strong>Nou</strong>' },
    ]);
    expect(saved.goal).toEqual({ type: 'pageView', path: '/gracies/' });
  });

  it("shows the server's refusal at the form, focused, and stays", async () => {
    const api = fakeExperimentsApi([]);
    api.saveActivity.mockImplementationOnce(() => refused('activity prova: offer variant-b: action 1 (setContent) selector must be at most 500 characters'));
    const { container, byId } = await open('/experiments/nou/', api);
    await type(byId('activity-name'), 'Prova');
    await type(byId('goal-value'), 'a');
    await click(button(container, "Desa l'esborrany"));
    const problem = byId('activity-form-problem');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(problem.textContent).toBe(
      "El servidor no ha acceptat l'experiment: activity prova: offer variant-b: action 1 (setContent) selector must be at most 500 characters (MESURA_ERR_BAD_ACTIVITY)",
    );
    expect(document.activeElement).toBe(problem);
    expect(harness!.path()).toBe('/experiments/nou/');
  });

  it("checks the id against the server's rule and refuses one already taken, before any PUT", async () => {
    const { api, container, byId } = await open('/experiments/nou/');
    await type(byId('activity-name'), 'Prova');
    await type(byId('activity-id'), 'amb espais');
    await type(byId('goal-value'), 'a');
    await click(button(container, "Desa l'esborrany"));
    expect(byId('activity-form-problem').textContent).toBe("L'identificador ha de tenir d'1 a 64 lletres sense accents, xifres, _ o -.");
    expect(document.activeElement).toBe(byId('activity-id'));
    expect(byId('activity-id').getAttribute('aria-invalid')).toBe('true');

    await type(byId('activity-id'), 'titular-noticia');
    await click(button(container, "Desa l'esborrany"));
    expect(byId('activity-form-problem').textContent).toBe("Ja hi ha un experiment amb l'identificador «titular-noticia»: trieu-ne un altre.");
    expect(api.saveActivity).not.toHaveBeenCalled();
  });
});

describe('the form of an existing activity', () => {
  it('keeps what it does not show (priority, reshuffle, status, other actions) and never sends the trust fields', async () => {
    const stored = headlineTest({
      status: 'active',
      audience: { path: { prefix: '/noticia/1001/' }, params: { seccio: 'esports' } },
      experiences: [
        { id: 'control', name: 'Control', share: 50 },
        {
          id: 'nou-titular',
          name: 'Nou titular',
          share: 50,
          offer: {
            id: 'oferta-1',
            name: 'Oferta',
            actions: [
              { action: 'setContent', selector: 'h1', content: 'Un titular &amp; més' },
              { action: 'remove', selector: '.anunci' },
              { action: 'moveTo', selector: 'p.avis', content: { destination: 'aside.relacionats', place: 'append' } },
            ],
          },
        },
      ],
    });
    const { api, container, byId, byLabel } = await open('/experiments/titular-noticia/edita/', fakeExperimentsApi([stored]));
    expect(byId<HTMLInputElement>('activity-id').readOnly).toBe(true);
    expect(byLabel<HTMLInputElement>('Text nou (Nou titular, canvi 1)').value).toBe('Un titular & més');
    // Changes the form keeps whole are named in Catalan, never by the API's action type.
    expect(container.textContent).toContain('Treu «.anunci» de la pàgina. Es conserva tal com és.');
    expect(container.textContent).toContain("Mou l'element");
    expect(container.textContent).toContain('Mou «p.avis» al final de «aside.relacionats». Es conserva tal com és.');
    expect(container.textContent).not.toContain('moveTo');
    await type(byId('activity-name'), 'Titular nou');
    await click(button(container, 'Desa els canvis'));

    const { trusted: _t, trustedBy: _b, trustedAt: _a, ...definition } = stored;
    expect(api.saveActivity).toHaveBeenCalledWith({ ...definition, name: 'Titular nou' });
    expect(api.activity).toHaveBeenCalledTimes(2); // the form's read and the results page's, never a check of its own id
    expect(harness!.path()).toBe('/experiments/titular-noticia/');
  });

  it('shows the site goal it converts on by name, and keeps it when saved', async () => {
    const stored = headlineTest({ goal: { type: 'siteGoal', goal: 'comparticions' } });
    const { api, container, byLabel } = await open('/experiments/titular-noticia/edita/', fakeExperimentsApi([stored]));
    const picker = byLabel<HTMLSelectElement>('Quin objectiu del web');
    expect(picker.selectedOptions[0]!.textContent).toBe('Comparticions (Fa la crida 3)');
    await click(button(container, 'Desa els canvis'));
    expect(api.saveActivity.mock.calls[0]![0].goal).toEqual({ type: 'siteGoal', goal: 'comparticions' });
    // The results page the save opens names the goal too.
    expect(container.textContent).toContain('objectiu: Objectiu del web «Comparticions»');
  });
});
