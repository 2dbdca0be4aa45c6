import { useEffect, useState } from 'react';
import { signedInVisitorId, visitorApi } from './visitor-session';

export interface Visitor {
  id: string;
  name: string;
}

/** One /api/visitor/me per page load and visitor id: the header and the buttons share it. */
let asked: { id: string; answer: Promise<Visitor | undefined> } | undefined;

function fetchVisitor(id: string): Promise<Visitor | undefined> {
  if (asked?.id !== id) {
    asked = {
      id,
      answer: visitorApi.me().then(
        async (r) => (r.ok ? ((await r.json()) as Visitor) : undefined),
        () => undefined,
      ),
    };
  }
  return asked.answer;
}

/**
 * The signed-in visitor, once known in the browser: undefined while signed out (and during the
 * server's first view, which renders every page as for a visitor who is not signed in).
 */
export function useVisitor(): Visitor | undefined {
  const [visitor, setVisitor] = useState<Visitor | undefined>();
  useEffect(() => {
    const id = signedInVisitorId(document.cookie);
    if (id === undefined) return;
    let live = true;
    void fetchVisitor(id).then((found) => live && setVisitor(found));
    return () => {
      live = false;
    };
  }, []);
  return visitor;
}

/** Forgets the cached visitor (after signing in or out). */
export function forgetVisitor(): void {
  asked = undefined;
}
