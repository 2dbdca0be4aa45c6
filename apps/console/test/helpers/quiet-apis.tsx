/**
 * The chart notes' and key figures' APIs for tests of a report screen that are not about them:
 * no notes, and no figures (a failure the screen shows as such), so that no test reaches for a
 * server that is not there.
 */
import type { ReactNode } from 'react';
import { AnnotationsApiContext } from '../../src/report-view/annotations-api-context';
import type { AnnotationsApi } from '../../src/report-view/annotations-api';
import { KeyFiguresApiContext } from '../../src/report-view/key-figures-api-context';
import type { KeyFiguresApi } from '../../src/report-view/key-figures-api';

const NOT_HERE = { ok: false, failure: { reason: 'malformed' } } as const;

const NO_NOTES: AnnotationsApi = {
  list: () => Promise.resolve({ ok: true, value: [] }),
  create: () => Promise.resolve(NOT_HERE),
  update: () => Promise.resolve(NOT_HERE),
  remove: () => Promise.resolve(NOT_HERE),
};

const NO_FIGURES: KeyFiguresApi = { keyFigures: () => Promise.resolve(NOT_HERE) };

export function QuietApis({ children }: { children: ReactNode }) {
  return (
    <AnnotationsApiContext.Provider value={NO_NOTES}>
      <KeyFiguresApiContext.Provider value={NO_FIGURES}>{children}</KeyFiguresApiContext.Provider>
    </AnnotationsApiContext.Provider>
  );
}
