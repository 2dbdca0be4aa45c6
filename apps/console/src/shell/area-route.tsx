import { Suspense } from 'react';
import { useSession } from '../session/session-context';
import type { ConsoleArea } from './area';
import { mayOpen } from './visible-areas';

/**
 * One area as the router mounts it: its chunk behind a loading state, and only for a role that
 * may open it (the server refuses the area's calls anyway; this says so instead of failing).
 */
export function AreaRoute({ area }: { area: ConsoleArea }) {
  const { me } = useSession();
  if (!mayOpen(area, me.role)) {
    return (
      <>
        <h1>{area.label}</h1>
        <p className="panel__error" role="alert">
          El vostre rol no té accés a aquesta secció.
        </p>
      </>
    );
  }
  const Area = area.component;
  return (
    <Suspense
      fallback={
        <p className="panel__note" role="status">
          S'està carregant…
        </p>
      }
    >
      <Area />
    </Suspense>
  );
}
