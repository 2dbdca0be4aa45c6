/**
 * The rules runtime's own test fakes (a fake page and clock, recording handlers, a settable
 * consent), reused so that the site's property is run exactly as @mesura/tags' tests run a property.
 */
export { harness } from '../../../tags/test/helpers/runtime.js';
export { fakeConsent } from '../../../tags/test/helpers/recording.js';
