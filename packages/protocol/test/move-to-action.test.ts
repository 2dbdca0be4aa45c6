import { describe, expect, it } from 'vitest';
import { MOVE_PLACES, destinationInside, moveToProblem } from '../src/index.js';

const LABEL = 'action 1 (moveTo)';
const problem = (content: unknown, selector: string | undefined = '.avis') => moveToProblem(LABEL, content, selector, 500);

describe('moveToProblem', () => {
  it.each(MOVE_PLACES)('accepts a destination selector and the place %s', (place) => {
    expect(problem({ destination: 'main > aside', place })).toBeUndefined();
  });

  it.each([
    ['content that is not an object', 'h1', 'content must be {destination, place}'],
    ['no destination', { place: 'after' }, 'content.destination must be the CSS selector of the element it moves to'],
    ['a blank destination', { destination: '  ', place: 'after' }, 'content.destination must be the CSS selector of the element it moves to'],
    ['an over-long destination', { destination: 'a'.repeat(501), place: 'after' }, 'content.destination is longer than 500 characters'],
    ['control characters', { destination: 'h1\n', place: 'after' }, 'content.destination contains control characters'],
    ['an unknown place', { destination: 'h1', place: 'inside' }, 'content.place must be one of before, after, prepend, append'],
    ['an unknown field', { destination: 'h1', place: 'after', from: 0 }, 'content: unknown field "from"'],
    ['the moved element itself', { destination: ' .avis ', place: 'after' }, 'content.destination is the moved element or inside it'],
    ['a child of the moved element', { destination: '.avis > p', place: 'append' }, 'content.destination is the moved element or inside it'],
    ['a descendant of the moved element', { destination: '.avis strong', place: 'before' }, 'content.destination is the moved element or inside it'],
  ])('refuses %s with a one-line reason', (_what, content, reason) => {
    const found = problem(content);
    expect(found).toBe(`${LABEL} ${reason}${reason.includes('inside it') ? '; choose an element outside ".avis"' : ''}`);
    expect(found).not.toContain('\n');
  });
});

describe('destinationInside', () => {
  it('tells a sibling or a longer name from a descendant', () => {
    expect(destinationInside('h1', 'h1 + p')).toBe(false);
    expect(destinationInside('h1', 'h1 ~ p')).toBe(false);
    expect(destinationInside('.avis', '.avis-2')).toBe(false);
    expect(destinationInside('ul', 'ul li')).toBe(true);
    expect(destinationInside('ul', 'ul>li')).toBe(true);
  });
});
