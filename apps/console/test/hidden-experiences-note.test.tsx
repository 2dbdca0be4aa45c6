// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { HiddenExperiencesNote } from '../src/areas/experiments/hidden-experiences-note';
import { mountedRoot } from '@mesura/test-utils/react';

const mounted = mountedRoot();
const experience = (id: string, hidden: boolean) => ({ id, hidden });
const results = (hidden: boolean[]) => ({ experiences: hidden.map((h, i) => experience(`e${i}`, h)), totals: { hidden: false }, minCohort: 5 }) as never;

describe("an experiment's hidden experiences", () => {
  it('say once why their figures read «< 5», and why two of them are not added up into «Altres»', async () => {
    const container = await mounted.mount(<HiddenExperiencesNote results={results([false, true, true])} />);
    expect(container.textContent).toBe(
      'Les xifres de menys de 5 visitants es mostren com a «< 5», perquè no identifiquin ningú, i aquestes experiències no es comparen amb el control. No se sumen en una fila «Altres»: cada experiència es compara amb el control, i una suma de variants no és cap experiència.',
    );
  });

  it('say nothing when every experience is shown', async () => {
    const container = await mounted.mount(<HiddenExperiencesNote results={results([false, false])} />);
    expect(container.textContent).toBe('');
  });
});
