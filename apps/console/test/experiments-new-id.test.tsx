// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { button, click, fakeExperimentsApi, renderExperiments, type, type Harness } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';

// Saving a new activity checks that its id is free. It reads the list of activities rather than
// asking for the new id, which would answer 404 on every save (an error in the browser's console
// each time) for what is the expected case.

// Saving opens the results page, whose chart needs a canvas happy-dom does not have.
vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const mounted = mountedRoot();
let harness: Harness | undefined;

async function fillNewActivity(api: ReturnType<typeof fakeExperimentsApi>) {
  harness = await renderExperiments(mounted.mount, '/experiments/nou/', api);
  const field = (id: string) => harness!.container.querySelector<HTMLInputElement>(`#${id}`)!;
  await type(field('activity-name'), 'Prova nova');
  await type(field('goal-value'), '.boto');
  await click(button(harness.container, "Desa l'esborrany"));
}

describe('saving a new activity', () => {
  it('checks its id against the list, never by asking for an activity that does not exist', async () => {
    const api = fakeExperimentsApi();
    await fillNewActivity(api);
    expect(api.listActivities).toHaveBeenCalled();
    expect(api.activity).not.toHaveBeenCalledWith('prova-nova');
    expect(api.saveActivity).toHaveBeenCalledWith(expect.objectContaining({ id: 'prova-nova', status: 'draft' }));
  });

  it('says so when the list cannot be read, and saves nothing', async () => {
    const api = fakeExperimentsApi();
    api.listActivities.mockReturnValueOnce(Promise.resolve({ ok: false, failure: { reason: 'network' } }));
    await fillNewActivity(api);
    expect(harness!.container.querySelector('#activity-form-problem')?.textContent).toContain("No s'ha pogut desar l'experiment.");
    expect(api.saveActivity).not.toHaveBeenCalled();
  });
});
