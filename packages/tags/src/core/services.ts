import type { ActionHandlers, ConsentSource } from '../action-handlers.js';
import type { DataElementConfig } from '../config/property-config.js';
import type { TagEnvironment } from '../environment.js';
import type { Logger } from '../logger.js';

/** What a rule run needs from the runtime: its collaborators, bundled once. */
export interface Services {
  env: TagEnvironment;
  log: Logger;
  handlers: ActionHandlers;
  consent: ConsentSource;
  dataElements: Readonly<Record<string, DataElementConfig>>;
  loadScript(url: string): Promise<void>;
}
