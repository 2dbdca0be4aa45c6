import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteLayout } from '../src/components/site-layout';

// The main navigation names each area as the area's own page does (its <h1> and breadcrumb), in
// Catalan sentence case: only the first word of a name takes a capital ("El temps", "El joc").

function navigationLabels(): string[] {
  const html = renderToStaticMarkup(
    <StaticRouter location="/">
      <SiteLayout />
    </StaticRouter>,
  );
  const nav = /<nav [^>]*aria-label="Navegació principal"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1]!);
}

describe('the main navigation', () => {
  it('names the weather "El temps", as the weather page is titled', () => {
    expect(navigationLabels()).toContain('El temps');
  });

  it('writes every label in sentence case', () => {
    for (const label of navigationLabels()) {
      const [, ...rest] = label.split(' ');
      for (const word of rest) expect(word, label).toBe(word.toLowerCase());
    }
  });
});
