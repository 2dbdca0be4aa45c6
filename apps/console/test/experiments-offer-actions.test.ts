import { describe, expect, it } from 'vitest';
import { actionDraftOf, deliveryActionOf, HTML_PLACES, newActionDraft, type HtmlPlace } from '../src/areas/experiments/offer-action-draft';

describe('"Insereix HTML" as the form makes it', () => {
  it('inserts after the element by default, so the element it targets stays', () => {
    const draft = newActionDraft('html');
    expect(deliveryActionOf({ ...draft, selector: 'h1', html: '<p>Avís</p>' } as typeof draft)).toEqual({ action: 'insertAfter', selector: 'h1', content: '<p>Avís</p>' });
  });

  it('reads each place back from the stored action it makes', () => {
    for (const place of Object.keys(HTML_PLACES) as HtmlPlace[]) {
      const stored = { action: place, selector: '.titol', content: '<em>Nou</em>' };
      const draft = actionDraftOf(stored);
      expect(draft).toMatchObject({ kind: 'html', place });
      expect(deliveryActionOf(draft)).toEqual(stored);
    }
  });
});
