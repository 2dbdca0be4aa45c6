import { describe, expect, it } from 'vitest';
import { queryEntries } from '../src/query-entries.js';

function reference(query: string): [string, string][] {
  const entries: [string, string][] = [];
  new URLSearchParams(query).forEach((value, key) => entries.push([key, value]));
  return entries;
}

describe('queryEntries', () => {
  it.each([
    '',
    '?',
    'a=1&b=2',
    '?AQB=1&AQE=1',
    'a=1&&b=2&',
    'a&b=&=c',
    'a=x=y=z',
    'q=hola+m%C3%B3n&t=22%2F10%2F2026%209%3A59%3A43%200%200',
    'pageName=Pl%C3%A0ci%20%26%20Dom%C3%A8nech&x=%2B1',
    'bad=%&worse=%E0%A4%A&half=%C3&ok=%41',
    'c.&ccma.&seccio=noticies&.ccma&.c',
    'k%20ey=v+a+l',
    'emoji=%F0%9F%98%80&bom=%EF%BB%BF',
    '%zz=1&a=%2',
  ])('decodes %j exactly as URLSearchParams does', (query) => {
    expect(queryEntries(query)).toEqual(reference(query));
  });
});
