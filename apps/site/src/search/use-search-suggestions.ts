/**
 * The suggestions for what is typed in the search field, asked of the server
 * (GET /api/content/suggest?q=) once typing pauses: MiniSearch runs on the server only, so the
 * site's bundle does not carry it. An answer for an older text never replaces a newer one.
 */
import { SUGGEST_QUERY_MAX_CHARS, contentApi, type SuggestResponse } from '@mesura/content';
import { useEffect, useState } from 'react';

/** Typing pause before asking: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer letters than this suggest nothing: too many words start so. */
export const SUGGEST_MIN_CHARS = 2;

/** The suggestions for `text`, empty until the server answers (or when it fails: the search still works). */
export function useSearchSuggestions(text: string): readonly string[] {
  const [answer, setAnswer] = useState<{ text: string; suggestions: readonly string[] }>({ text: '', suggestions: [] });
  const query = text.trim().slice(0, SUGGEST_QUERY_MAX_CHARS);
  useEffect(() => {
    if (query.length < SUGGEST_MIN_CHARS) return;
    let current = true;
    const timer = setTimeout(() => {
      fetch(contentApi.suggest(query))
        .then((response) => (response.ok ? (response.json() as Promise<SuggestResponse>) : undefined))
        .then((body) => {
          if (current && body !== undefined) setAnswer({ text: query, suggestions: body.suggestions });
        })
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return answer.text === query && query.length >= SUGGEST_MIN_CHARS ? answer.suggestions : [];
}
