import { useCallback, useState } from 'react';

/**
 * How many rows a report view asks for, kept for one question (the report's query without its
 * limit: period, comparison, filters, parameters). "Mostra'n més" (report-body.tsx) and a time
 * series drawn whole (report-view.tsx) raise it; a new question starts again from `first`, as a
 * new period or filter should. It is derived while rendering rather than reset in an effect, so
 * that no request for the new question goes out with the larger page of the one before.
 */
export function useRowLimit(question: string, first: number): [number, (next: number) => void] {
  const [asked, setAsked] = useState({ question, limit: first });
  const limit = asked.question === question ? asked.limit : first;
  // The same setter for as long as the question stays: report-view.tsx's request effect depends on it.
  const setLimit = useCallback((next: number) => setAsked({ question, limit: next }), [question]);
  return [limit, setLimit];
}
