// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { keptActionSentence, keptActionTitle } from '../src/areas/experiments/kept-action-label';
import { applyActionLive, withSafeInlineStyles } from '../src/areas/experiments/live-preview';
import { destinationProblem, MOVE_PLACES, type MovePlace } from '../src/areas/experiments/move-destination';
import { editorFrameAddress } from '../src/areas/experiments/site-pages';
import { deliveryActionOf } from '../src/areas/experiments/offer-action-draft';
import { actionForEdit, type TargetedElement } from '../src/areas/experiments/visual-edit';

const headline: TargetedElement = { selector: 'main > h1.article__title', parentSelector: 'main', index: 0, siblings: 3 };
const stored = (kind: Parameters<typeof actionForEdit>[0], value = '') => {
  const draft = actionForEdit(kind, headline, value);
  if (typeof draft === 'string') throw new Error(draft);
  return deliveryActionOf(draft);
};

describe("the visual editor's changes, as the offer the form stores", () => {
  it('makes each plain change into its action', () => {
    expect(stored('text', 'Nou <titular>')).toEqual({ action: 'setContent', selector: headline.selector, content: 'Nou &lt;titular&gt;' });
    expect(stored('image', '/img/nova.jpg')).toEqual({ action: 'setAttribute', selector: headline.selector, content: { src: '/img/nova.jpg' } });
    expect(stored('insertBefore', '<p>Avís</p>')).toEqual({ action: 'insertBefore', selector: headline.selector, content: '<p>Avís</p>' });
    expect(stored('insertAfter', '<p>Avís</p>')).toEqual({ action: 'insertAfter', selector: headline.selector, content: '<p>Avís</p>' });
    expect(stored('replace', '<p>Un altre</p>')).toEqual({ action: 'replaceContent', selector: headline.selector, content: '<p>Un altre</p>' });
    expect(stored('hide')).toEqual({ action: 'setStyle', selector: headline.selector, content: { display: 'none' } });
    expect(stored('color', '#c00')).toEqual({ action: 'setStyle', selector: headline.selector, content: { color: '#c00' } });
    expect(stored('size', '2rem')).toEqual({ action: 'setStyle', selector: headline.selector, content: { 'font-size': '2rem' } });
    expect(stored('moveDown')).toEqual({ action: 'rearrange', selector: 'main', content: { from: 0, to: 1 } });
    expect(stored('redirect', '/noticia/1002/altra/')).toEqual({ action: 'redirect', content: '/noticia/1002/altra/' });
  });

  it('says why a change cannot be made: no value, or a move past the end', () => {
    expect(actionForEdit('text', headline, ' ')).toBe('Escriviu: text nou.');
    expect(actionForEdit('moveUp', headline, '')).toBe("L'element ja és el primer.");
    expect(actionForEdit('moveDown', { ...headline, parentSelector: undefined }, '')).toBe("L'element ja és l'últim.");
  });
});

describe('«Mou»: a move to a place clicked anywhere in the page', () => {
  const notice: TargetedElement = { selector: 'p.avis', parentSelector: 'main', index: 1, siblings: 3 };
  const made = (destination: string | undefined, place: MovePlace, target = notice) => {
    const draft = actionForEdit('move', target, '', { destination: destination === undefined ? undefined : { selector: destination }, place });
    return typeof draft === 'string' ? draft : deliveryActionOf(draft);
  };

  it.each(MOVE_PLACES)("stores the protocol's moveTo with the destination and the place %s", (place) => {
    expect(made('footer > p', place)).toEqual({ action: 'moveTo', selector: 'p.avis', content: { destination: 'footer > p', place } });
  });

  it('asks for the destination, and refuses one the server would read as inside the moved element', () => {
    expect(made(undefined, 'before')).toBe("Feu clic a la pàgina en l'element on ha d'anar.");
    expect(made('p.avis > strong', 'after')).toBe("Trieu un destí de fora de l'element que es mou.");
    expect(made('footer', 'append', { ...notice, parentSelector: undefined })).toBe("Aquest element no es pot moure: és a l'arrel de la pàgina.");
  });

  it('takes a click anywhere as the destination, but not on the moved element, inside it or on the background', () => {
    document.body.innerHTML = '<main><h1>Titular</h1><p class="avis">Avís <b>ara</b></p></main><footer><p>peu</p></footer>';
    const moving = document.querySelector('.avis')!;
    expect(destinationProblem(moving, document.querySelector('footer p')!)).toBeUndefined();
    expect(destinationProblem(moving, document.querySelector('h1')!)).toBeUndefined();
    expect(destinationProblem(moving, moving)).toBe('Trieu un altre element: aquest és el que es mou, o és a dins seu.');
    expect(destinationProblem(moving, document.querySelector('.avis b')!)).toBe('Trieu un altre element: aquest és el que es mou, o és a dins seu.');
    expect(destinationProblem(moving, document.body)).toMatch(/^Trieu un element de la pàgina, no el fons/);
  });

  it('shows the move in the framed page at once, into another parent, and never into itself', () => {
    document.body.innerHTML = '<main><h1>Titular</h1><p class="avis">Avís</p></main><footer><p>peu</p></footer>';
    const purify = () => document.createDocumentFragment();
    expect(applyActionLive(document, { action: 'moveTo', selector: 'p.avis', content: { destination: 'footer > p', place: 'before' } }, purify)).toBe(true);
    expect(document.body.innerHTML).toBe('<main><h1>Titular</h1></main><footer><p class="avis">Avís</p><p>peu</p></footer>');
    expect(applyActionLive(document, { action: 'moveTo', selector: 'footer', content: { destination: 'footer > p', place: 'append' } }, purify)).toBe(false);
    expect(applyActionLive(document, { action: 'moveTo', selector: 'p.avis', content: { destination: 'main', place: 'append' } }, purify)).toBe(true);
    expect(document.querySelector('main')!.lastElementChild!.className).toBe('avis');
  });

  it('names the stored move in Catalan in the form', () => {
    const action = { action: 'moveTo' as const, selector: 'p.avis', content: { destination: 'footer > p', place: 'prepend' } };
    expect(keptActionTitle(action)).toBe("Mou l'element");
    expect(keptActionSentence(action)).toBe('Mou «p.avis» al principi de «footer > p».');
    expect(keptActionSentence({ action: 'rearrange', selector: 'main', content: { from: 0, to: 2 } })).toBe('Mou un element de «main» de la posició 1 a la 3.');
  });
});

describe('the visual editor frame', () => {
  it("opens the page as an editor's preview, which is never counted as a visit", () => {
    expect(editorFrameAddress('/noticia/1004/el-temps/')).toBe('/noticia/1004/el-temps/?mesura_preview=editor');
    expect(editorFrameAddress('/cerca?q=a#r')).toBe('/cerca?q=a&mesura_preview=editor#r');
  });
});

describe('the live preview of inserted HTML', () => {
  it('keeps only the inline style the server keeps', () => {
    const template = document.createElement('template');
    template.innerHTML = '<p style="color: #c00; position: fixed; background-image: url(https://evil.example/p.png)">a</p><b style="position: fixed">b</b>';
    const fragment = withSafeInlineStyles(template.content);
    expect(fragment.querySelector('p')?.getAttribute('style')).toBe('color:#c00');
    expect(fragment.querySelector('b')?.hasAttribute('style')).toBe(false);
  });
});
