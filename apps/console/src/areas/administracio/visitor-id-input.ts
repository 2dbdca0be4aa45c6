import { isVisitorId } from '@mesura/protocol';

/**
 * The visitor id an admin typed or pasted, as the server accepts it: surrounding spaces dropped
 * and hex digits upper-cased (a visitor may read it out in lower case). Undefined when it is not
 * of Mesura's visitor-id format.
 */
export function visitorIdFromInput(text: string): string | undefined {
  const candidate = text.trim().toUpperCase();
  return isVisitorId(candidate) ? candidate : undefined;
}
