/** A stored chart note read back: checked again, as a row written by an older release may not read as one. */
import { parseAnnotationDraft, type Annotation } from '@mesura/protocol';

export function storedAnnotationOf(stored: unknown): Annotation | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { id, author, updatedAt, ...draft } = stored as Record<string, unknown>;
  const parsed = parseAnnotationDraft(draft);
  if (!parsed.ok || typeof id !== 'string' || typeof author !== 'string' || typeof updatedAt !== 'string') return undefined;
  return { ...parsed.value, id, author, updatedAt };
}
