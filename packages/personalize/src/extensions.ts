/**
 * registerExtension: page code adds behaviour through a few named modules, never
 * through the client's internals. `register` receives the modules it listed, in that order; what it
 * returns is kept as `ext[name]`.
 */
import { EXTENSION_EXISTS, MODULES_DO_NOT_EXIST, thrownText } from './errors.js';
import { registerExtensionProblem } from './validation.js';

/** What an extension may ask for, by name. */
export interface ExtensionModules {
  /** The client's resolved options, frozen. */
  settings: Readonly<Record<string, unknown>>;
  /** Developer diagnostics. */
  logger: { warn(message: string): void };
  /** The event names, and a way to listen to them on the page's document. */
  events: { names: Readonly<Record<string, string>>; on(name: string, listener: (event: Event) => void): () => void };
  /** Reads a cookie of this page. */
  cookies: { get(name: string): string | undefined };
}

export interface RegisterExtensionOptions {
  /** Letters only (§5). */
  name: string;
  /** Names among `settings`, `logger`, `events`, `cookies`. */
  modules: string[];
  register: (...modules: unknown[]) => unknown;
}

export interface Extensions {
  register(options: RegisterExtensionOptions): void;
  /** What each registered extension's `register` returned, by name. */
  readonly ext: Record<string, unknown>;
}

export function createExtensions(modules: ExtensionModules, warn: (message: string) => void): Extensions {
  const ext: Record<string, unknown> = {};
  return {
    ext,
    register(options) {
      const problem = registerExtensionProblem(options) ?? modulesProblem(options.modules, modules);
      if (problem) return warn(problem);
      if (Object.hasOwn(ext, options.name)) return warn(`${EXTENSION_EXISTS}: ${options.name}`);
      try {
        ext[options.name] = options.register(...options.modules.map((name) => modules[name as keyof ExtensionModules]));
      } catch (error) {
        warn(`Extension ${options.name} failed to register: ${thrownText(error)}`);
      }
    },
  };
}

function modulesProblem(names: readonly unknown[], modules: ExtensionModules): string | undefined {
  return names.every((name) => typeof name === 'string' && Object.hasOwn(modules, name)) ? undefined : MODULES_DO_NOT_EXIST;
}
