/** The `loadScript` action's browser side: one `<script async>` per URL per page. */
import { scriptLoadFailed } from '../errors.js';
import type { TagEnvironment } from '../environment.js';

/**
 * A loader that adds each URL once; later calls share the first load. A failed load is forgotten,
 * so a later rule may try again, and rejects with the §8 script-load error.
 */
export function createScriptLoader(env: TagEnvironment): (url: string) => Promise<void> {
  const loads = new Map<string, Promise<void>>();
  return (url) => {
    let load = loads.get(url);
    if (load === undefined) {
      load = new Promise<void>((resolve, reject) => {
        const script = env.document.createElement('script');
        script.async = true;
        script.src = url;
        script.addEventListener('load', () => resolve());
        script.addEventListener('error', () => {
          loads.delete(url);
          reject(new Error(scriptLoadFailed(url)));
        });
        (env.document.head ?? env.document.documentElement).appendChild(script);
      });
      loads.set(url, load);
    }
    return load;
  };
}
