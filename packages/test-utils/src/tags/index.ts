/**
 * `@mesura/test-utils/tags`: the rules runtime (`@mesura/tags`) over fakes, a fake page, clock and
 * console, recording action handlers and a settable consent. @mesura/tags' tests run their
 * properties with it, and @mesura/site-property's run the site's property the same way. A subpath
 * of its own, so that the tests that import the main entry do not load the runtime.
 */
export { fakeClock, flush, type FakeClock } from './fake-clock.js';
export { FakeScript, fakeEnvironment, type FakeEnvironment } from './fake-environment.js';
export { fakeConsent, recordingHandlers, type FakeConsent, type Recorded, type RecordingHandlers } from './recording.js';
export { errors, harness, property, rule, type Harness, type HarnessOptions } from './runtime.js';
