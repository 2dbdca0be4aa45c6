/**
 * The client's one load of the sanitiser (README "Loading the sanitiser"). Started beside each delivery request
 * (fetch-offer.ts), so that the sanitiser travels while the server decides, and awaited only by
 * actions that insert untrusted HTML or set attributes (render-offer.ts). Never rejects: a failed
 * load resolves undefined and logs why; the next request tries again, a render never does.
 */
import type { Sanitizer } from './sanitizer.js';
import { SANITIZER_FAILED_TO_LOAD, thrownText } from './errors.js';

export interface SanitizerLoad {
  /** Starts the load unless one is under way or done; again when the last one failed. */
  start(): void;
  /** The sanitiser, or undefined when its load failed; starts the load if none was. */
  ready(): Promise<Sanitizer | undefined>;
}

export function createSanitizerLoad(load: () => Promise<Sanitizer>, warn: (message: string) => void): SanitizerLoad {
  let loading: Promise<Sanitizer | undefined> | undefined;
  let failed = false;
  const begin = () => {
    failed = false;
    // The async wrapper runs `load` at once (the script is added in this task) and turns a throw into a rejection.
    return (loading = (async () => load())().catch((error: unknown) => {
      failed = true;
      warn(`${SANITIZER_FAILED_TO_LOAD}: ${thrownText(error)}`);
      return undefined;
    }));
  };
  return {
    start: () => void (!loading || failed ? begin() : undefined),
    ready: () => loading ?? begin(),
  };
}
