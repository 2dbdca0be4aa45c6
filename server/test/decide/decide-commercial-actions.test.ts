/**
 * The 1.x library's action fields written beside Mesura's `content` (commercial-actions.ts).
 */
import { describe, expect, it } from 'vitest';
import type { DeliveryAction } from '@mesura/protocol';
import { withCommercialFields } from '../../src/decide/commercial-actions.js';

const TOKEN = 'titular-1001.b';

describe('withCommercialFields', () => {
  it('splits a setStyle into one action per property, with property, value (as text) and priority', () => {
    const action: DeliveryAction = { action: 'setStyle', selector: 'ul.forecast', content: { display: 'grid', 'z-index': 3, priority: 'important' } };
    expect(withCommercialFields([action], undefined)).toEqual([
      { action: 'setStyle', selector: 'ul.forecast', content: { display: 'grid', priority: 'important' }, property: 'display', value: 'grid', priority: 'important' },
      { action: 'setStyle', selector: 'ul.forecast', content: { 'z-index': 3, priority: 'important' }, property: 'z-index', value: '3', priority: 'important' },
    ]);
  });

  it('splits a setAttribute into one action per attribute', () => {
    const action: DeliveryAction = { action: 'setAttribute', selector: 'a.cta', cssSelector: 'a.cta', content: { href: '/nou', title: 'Nou' } };
    expect(withCommercialFields([action], undefined)).toEqual([
      { action: 'setAttribute', selector: 'a.cta', cssSelector: 'a.cta', content: { href: '/nou' }, attribute: 'href', value: '/nou' },
      { action: 'setAttribute', selector: 'a.cta', cssSelector: 'a.cta', content: { title: 'Nou' }, attribute: 'title', value: 'Nou' },
    ]);
  });

  it('gives a redirect its url, a rearrange its from and to, a trackClick the click token', () => {
    const actions: DeliveryAction[] = [
      { action: 'redirect', content: 'https://www.mesura.cat/nou' },
      { action: 'rearrange', selector: 'ul', content: { from: 0, to: 2 } },
      { action: 'trackClick', selector: '.cta' },
    ];
    expect(withCommercialFields(actions, TOKEN)).toEqual([
      { action: 'redirect', content: 'https://www.mesura.cat/nou', url: 'https://www.mesura.cat/nou' },
      { action: 'rearrange', selector: 'ul', content: { from: 0, to: 2 }, from: 0, to: 2 },
      { action: 'trackClick', selector: '.cta', clickTrackId: TOKEN },
    ]);
  });

  it('leaves alone what needs nothing, what an editor already wrote, and content of another shape', () => {
    const unchanged: DeliveryAction[] = [
      { action: 'setContent', selector: 'h1', content: '<b>x</b>' },
      { action: 'remove', selector: '.ad' },
      { action: 'setStyle', selector: 'p', property: 'color', value: 'red' },
      { action: 'setStyle', selector: 'p', content: 'color: red' },
      { action: 'setStyle', selector: 'p', content: { priority: 'important' } },
      { action: 'setAttribute', selector: 'a', content: {} },
      { action: 'redirect', url: 'https://a.example/', content: 'https://b.example/' },
      { action: 'trackClick', selector: '.cta', clickTrackId: 'own' },
    ];
    expect(withCommercialFields(unchanged, TOKEN)).toEqual(unchanged);
    // No click goal, no token: a trackClick stays as it is.
    expect(withCommercialFields([{ action: 'trackClick', selector: '.cta' }], undefined)).toEqual([{ action: 'trackClick', selector: '.cta' }]);
  });

  it("writes a setText as the 1.x library's text change, a setContent of content type text", () => {
    expect(withCommercialFields([{ action: 'setText', selector: 'h1', content: '<b>x</b>' }], TOKEN)).toEqual([{ action: 'setContent', selector: 'h1', content: '<b>x</b>', contentType: 'text' }]);
  });

  it('does not change the actions it was given', () => {
    const action: DeliveryAction = { action: 'setStyle', selector: 'p', content: { color: 'red' } };
    withCommercialFields([action], TOKEN);
    expect(action).toEqual({ action: 'setStyle', selector: 'p', content: { color: 'red' } });
  });
});
