import { describe, expect, it } from 'vitest';
import { classifyLink, type LinkClass, type LinkClassOptions } from '../src/index.js';

interface ClassifyCase {
  href: string;
  expected: LinkClass;
  options?: Partial<LinkClassOptions>;
}

const PAGE_URL = 'https://www.ccma.cat/noticia/1001/pressupostos/';

const CASES: ClassifyCase[] = [
  // Downloads, on any host, whatever the case of the extension or a query after it.
  { href: '/docs/pressupostos.pdf', expected: 'download' },
  { href: 'https://other.com/x.pdf', expected: 'download' },
  { href: '/docs/INFORME.PDF', expected: 'download' },
  { href: '/docs/dades.xlsx?v=2', expected: 'download' },
  { href: '/docs/dades.csv#full', expected: 'download' },
  { href: '/podcast/capitol.mp3', expected: 'download' },
  { href: '/docs/carta.docx', expected: 'download' },
  { href: '/docs/arxiu.zip', expected: 'download' },
  { href: '/docs/pressupostos.pdf', expected: 'internal', options: { downloadExtensions: ['epub'] } },
  { href: '/llibre.EPUB', expected: 'download', options: { downloadExtensions: ['epub'] } },
  { href: '/page?file=x.pdf', expected: 'internal' },
  { href: '/pdf', expected: 'internal' },
  // Exit links: another host than the page's and the internal hosts.
  { href: 'https://www.3cat.cat/', expected: 'exit' },
  { href: 'http://example.org/ccma.cat', expected: 'exit' },
  { href: 'https://ccma.cat.evil.com/', expected: 'exit' },
  { href: 'https://www.3cat.cat/', expected: 'internal', options: { internalHosts: ['3cat.cat'] } },
  { href: 'https://3cat.cat/', expected: 'internal', options: { internalHosts: ['3cat.cat'] } },
  { href: 'https://no3cat.cat/', expected: 'exit', options: { internalHosts: ['3cat.cat'] } },
  // Internal links.
  { href: '/el-temps/', expected: 'internal' },
  { href: 'https://www.ccma.cat/el-temps/', expected: 'internal' },
  { href: '#comentaris', expected: 'internal' },
  { href: '?pagina=2', expected: 'internal' },
  // Not web links.
  { href: 'mailto:audiencia@ccma.cat', expected: 'ignored' },
  { href: 'tel:+34900000000', expected: 'ignored' },
  { href: 'javascript:void(0)', expected: 'ignored' },
  { href: 'https://[bad', expected: 'ignored' },
];

describe('classifyLink (§9 download and external link tracking)', () => {
  it.each(CASES)('$href → $expected', ({ href, expected, options }) => {
    expect(classifyLink(href, { pageUrl: PAGE_URL, ...options })).toBe(expected);
  });
});
