/**
 * Text made safe to put in HTML, as element content or a quoted attribute value: the five
 * characters that could end either are written as entities. Shared by the mails
 * (subscriptions/html-text.ts) and the site's first view (http/first-view.ts); it imports nothing,
 * so any folder may use it.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}
