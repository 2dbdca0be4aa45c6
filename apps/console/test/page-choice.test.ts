import { describe, expect, it } from 'vitest';
import { choosePage, pageText } from '../src/report-view/page-choice';

const PAGES = [
  { url: 'https://www.mesura.cat/noticia/1004/el-parlament-aprova/', title: 'El Parlament aprova la llei' },
  { url: 'https://www.mesura.cat/el-temps/', title: 'El temps' },
];

describe('a page typed for a report', () => {
  it('is found by its title, case and accents ignored', () => {
    expect(choosePage('el parlament APROVA la llei', PAGES)).toBe(PAGES[0]!.url);
    expect(choosePage('El Témps', PAGES)).toBe(PAGES[1]!.url);
  });

  it('is found by its path or its whole address', () => {
    expect(choosePage('/el-temps/', PAGES)).toBe(PAGES[1]!.url);
    expect(choosePage(PAGES[0]!.url, PAGES)).toBe(PAGES[0]!.url);
  });

  it('takes a whole web address the list leaves out as it is, and nothing else', () => {
    expect(choosePage(' https://www.mesura.cat/noticia/1/x/ ', PAGES)).toBe('https://www.mesura.cat/noticia/1/x/');
    expect(choosePage('parlament', PAGES)).toBeUndefined();
    expect(choosePage('javascript:alert(1)', PAGES)).toBeUndefined();
    expect(choosePage('  ', PAGES)).toBeUndefined();
  });

  it('shows a chosen address by its title when the list knows it', () => {
    expect(pageText(PAGES[1]!.url, PAGES)).toBe('El temps');
    expect(pageText('https://www.mesura.cat/altra/', PAGES)).toBe('https://www.mesura.cat/altra/');
  });
});
