// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { withSafeInlineStyles } from '../src/areas/experiments/live-preview';
import { rearrangeTarget, siblingHolding } from '../src/areas/experiments/move-destination';
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

describe('a move before or after an element chosen by a click', () => {
  it('moves to the position that puts it just before or after that sibling, as the SDK rearranges', () => {
    const second: TargetedElement = { ...headline, index: 1, siblings: 4 };
    const made = (kind: 'moveBefore' | 'moveAfter', sibling: number) => {
      const draft = actionForEdit(kind, second, '', { index: sibling, selector: `main > :nth-child(${sibling + 1})` });
      return typeof draft === 'string' ? draft : deliveryActionOf(draft).content;
    };
    expect(made('moveBefore', 0)).toEqual({ from: 1, to: 0 });
    expect(made('moveAfter', 3)).toEqual({ from: 1, to: 3 });
    expect(made('moveBefore', 3)).toEqual({ from: 1, to: 2 });
    expect(made('moveAfter', 0)).toBe("L'element ja és en aquest lloc.");
    expect(made('moveBefore', 2)).toBe("L'element ja és en aquest lloc.");
    expect(actionForEdit('moveAfter', second, '')).toBe("Feu clic a la pàgina en l'element on ha d'anar.");
    expect(rearrangeTarget(3, 1, 'after')).toBe(2);
  });

  it('chooses the sibling that holds the click, and says why a click elsewhere or on the element chose none', () => {
    document.body.innerHTML = '<main><h1>Titular</h1><p class="avis">Avís</p><div class="cos"><p><a href="#">enllaç</a></p></div></main><footer><p>peu</p></footer>';
    const notice = document.querySelector('.avis')!;
    expect(siblingHolding(notice, document.querySelector('a')!)).toBe(document.querySelector('.cos'));
    expect(siblingHolding(notice, document.querySelector('h1')!)).toBe(document.querySelector('h1'));
    expect(siblingHolding(notice, document.querySelector('footer p')!)).toBe("Trieu un element del mateix bloc que l'element que es mou (o un de dins seu).");
    expect(siblingHolding(notice, notice)).toBe('Trieu un altre element: aquest és el que es mou.');
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
