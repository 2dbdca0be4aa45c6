import { createContext, useContext } from 'react';
import type { Me } from './me';

export interface SessionContextValue {
  me: Me;
  /** Reads GET /api/me again, e.g. once the initial password has been replaced. */
  refresh: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/** The signed-in person; only screens inside the console's layout (which signs people in) may ask. */
export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('useSession is only available inside the console layout.');
  return session;
}
