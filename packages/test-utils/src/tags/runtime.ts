/** A runtime over fakes, for the tests that are not about the browser adapter. */
import { createTagRuntime, type PropertyConfig, type RuleConfig, type TagRuntime, type DataElementConfig } from '@mesura/tags';
import { fakeEnvironment, type FakeEnvironment } from './fake-environment.js';
import { fakeConsent, recordingHandlers, type FakeConsent, type RecordingHandlers } from './recording.js';

export interface Harness extends FakeEnvironment {
  runtime: TagRuntime;
  handlers: RecordingHandlers;
  consent: FakeConsent;
}

export interface HarnessOptions {
  url?: string;
  /** Turns the debug log on (through the storage flag), so tests can read errors. Default true. */
  debug?: boolean;
  consent?: FakeConsent;
}

export function harness(property: PropertyConfig, options: HarnessOptions = {}): Harness {
  const fake = fakeEnvironment(options.url);
  if (options.debug !== false) fake.storage.set('mesura_debug', '1');
  const handlers = recordingHandlers();
  const consent = options.consent ?? fakeConsent();
  const runtime = createTagRuntime({ property, handlers, consent, env: fake.env });
  return { ...fake, runtime, handlers, consent };
}

/** A property on www.mesura.cat with these rules and data elements. */
export function property(rules: RuleConfig[], dataElements: Record<string, DataElementConfig> = {}): PropertyConfig {
  return { name: 'test', domains: ['mesura.cat'], dataElements, rules };
}

/** A rule on the direct call `go` with these parts. */
export function rule(parts: Partial<RuleConfig> & { name?: string } = {}): RuleConfig {
  return { name: 'rule', events: [{ type: 'directCall', name: 'go' }], conditions: [], actions: [], ...parts };
}

/** Only the error lines of the log. */
export const errors = (h: FakeEnvironment): string[] => h.logs.filter(([level]) => level === 'error').map(([, text]) => text);
