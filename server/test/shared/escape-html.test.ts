import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/shared/escape-html.js';

describe('escapeHtml', () => {
  it('writes the five characters that could end an element or a quoted attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('leaves other text, Catalan letters included, as it is', () => {
    expect(escapeHtml('Notícies · l’oratge')).toBe('Notícies · l’oratge');
  });
});
