// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify does not support happy-dom (its maintainers: it lets scripts through).
import { describe, expect, it } from 'vitest';

describe('/mesura-sanitize.js', () => {
  it('publishes DOMPurify as window.mesuraSanitizer, which the personalisation client awaits, with the trusted policy', async () => {
    await import('../src/sanitizer-module.js');
    const sanitizer = window.mesuraSanitizer;
    expect(sanitizer).toBeDefined();
    const host = document.createElement('div');
    host.append(sanitizer!.fragment('<img src="x.png" onerror="window.pwned = 1"><script>window.pwned = 2</script><b>ok</b>', false));
    expect(host.innerHTML).toBe('<img src="x.png"><b>ok</b>');
    expect(sanitizer!.attributeAllowed(host, 'onclick', 'x()', false)).toBe(false);
    expect(sanitizer!.attributeAllowed(host, 'title', 'T', false)).toBe(true);
    // A trusted activity's offer is kept whole.
    const trusted = document.createElement('div');
    trusted.append(sanitizer!.fragment('<b onclick="x()">ok</b><script>window.ran = 1</script>', true));
    expect(trusted.innerHTML).toBe('<b onclick="x()">ok</b><script>window.ran = 1</script>');
    expect(sanitizer!.attributeAllowed(host, 'onclick', 'x()', true)).toBe(true);
  });
});
