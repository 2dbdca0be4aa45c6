import { describe, expect, it } from 'vitest';
import { cachedDocumentCookieJar } from '@mesura/identity';

/** A document whose cookie store counts reads, as the browser's round trips. */
function countingDocument() {
  const cookies = new Map<string, string>();
  let reads = 0;
  const doc = {
    get cookie() {
      reads += 1;
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0/.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.trim());
    },
  };
  return { doc: doc as unknown as Document, reads: () => reads, cookies };
}

describe('cachedDocumentCookieJar', () => {
  it('asks the browser once while one piece of code runs, and again after it', async () => {
    const page = countingDocument();
    page.cookies.set('a', '1');
    const jar = cachedDocumentCookieJar(page.doc);
    expect([jar.get(), jar.get(), jar.get()]).toEqual(['a=1', 'a=1', 'a=1']);
    expect(page.reads()).toBe(1);
    page.cookies.set('b', '2'); // another script, in a later task
    await Promise.resolve();
    expect(jar.get()).toBe('a=1; b=2');
    expect(page.reads()).toBe(2);
  });

  it('sees its own writes at once, within the same run', () => {
    const page = countingDocument();
    const jar = cachedDocumentCookieJar(page.doc);
    expect(jar.get()).toBe('');
    jar.set('check=1; Max-Age=1; Path=/');
    expect(jar.get()).toBe('check=1');
    jar.set('check=; Max-Age=0; Path=/');
    expect(jar.get()).toBe('');
  });
});
