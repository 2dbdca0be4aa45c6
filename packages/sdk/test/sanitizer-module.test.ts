// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify does not support happy-dom (its maintainers: it lets scripts through).
import { describe, expect, it } from 'vitest';

describe('/mesura-sanitize.js', () => {
  it('publishes DOMPurify as window.mesuraSanitizer, which the personalisation client awaits', async () => {
    await import('../src/sanitizer-module.js');
    const sanitizer = window.mesuraSanitizer;
    expect(sanitizer).toBeDefined();
    const host = document.createElement('div');
    host.append(sanitizer!.fragment('<img src="x.png" onerror="window.pwned = 1"><script>window.pwned = 2</script><b>ok</b>'));
    expect(host.innerHTML).toBe('<img src="x.png"><b>ok</b>');
    expect(sanitizer!.attributeAllowed(host, 'onclick', 'x()')).toBe(false);
    expect(sanitizer!.attributeAllowed(host, 'title', 'T')).toBe(true);
  });
});
