import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

/** The entry's exports by name, as a page's script reads them. */
const exported: Record<string, unknown> = { ...api };

describe('§9 personalisation constants', () => {
  it.each<[keyof typeof api, unknown]>([
    ['REQUEST_TIMEOUT_MS', 3000],
    ['VISITOR_API_TIMEOUT_MS', 2000],
    ['BODY_HIDDEN_TIMEOUT_MS', 3000],
    ['SELECTOR_POLLING_TIMEOUT_MS', 5000],
    ['SESSION_ID_LIFETIME_MS', 1_860_000],
    ['DEVICE_ID_LIFETIME_MS', 632_448_000_000],
    ['EDGE_HOST_LIFETIME_MS', 1_860_000],
    ['DISABLE_COOKIE_DEFAULT_LIFETIME_MS', 24 * 60 * 60 * 1000],
    ['GLOBAL_MBOX_NAME', 'target-global-mbox'],
    ['BODY_HIDING_CSS', 'body {opacity: 0 !important}'],
    ['LIBRARY_VERSION', '1.8.2'],
    ['CROSS_DOMAIN', 'enabled'],
    ['DISABLE_PARAM', 'mboxDisable'],
    ['DISABLE_COOKIE_NAME', 'mboxDisable'],
    ['PERSONALISATION_VENDOR', 'personalisation'],
    ['TRUSTED_TOKEN', 'activity.trusted'],
    ['HIDING_STYLE_ID', 'mesura-personalize-hiding'],
  ])('%s is %s', (name, value) => {
    expect(exported[name]).toBe(value);
  });

  it('hides selectors instead of the body when asked', () => {
    expect(api.hidingCss()).toBe('body {opacity: 0 !important}');
    expect(api.hidingCss(['#a', '.b'])).toBe('#a, .b {opacity: 0 !important}');
  });
});

describe('§8 personalisation messages', () => {
  it.each<[keyof typeof api, string]>([
    ['NETWORK_REQUEST_FAILED', 'Network request failed'],
    ['REQUEST_TIMED_OUT', 'Request timed out'],
    ['URL_REQUIRED', 'URL is required'],
    ['NOT_OPTED_IN', 'Target is not Opted In'],
    ['VISITOR_API_TIMED_OUT', 'Visitor API requests timed out'],
    ['VISITOR_API_ERROR', 'Visitor API requests error'],
    ['UNKNOWN_ERROR', 'unknown error'],
    ['JSON_PARSER_ERROR', 'JSON parser error'],
  ])('%s is the quoted %s', (name, message) => {
    expect(exported[name]).toBe(message);
  });

  it.each<[keyof typeof api, string]>([
    ['OPTIONS_REQUIRED', 'options argument is required'],
    ['MBOX_REQUIRED', 'mbox option is required'],
    ['MBOX_TOO_LONG', 'mbox option is too long: at most 250 characters'],
    ['SUCCESS_REQUIRED', 'success option is required'],
    ['ERROR_REQUIRED', 'error option is required'],
    ['OFFER_REQUIRED', 'offer option is required'],
    ['NAME_REQUIRED', 'name option is required'],
    ['NAME_INVALID', 'name is invalid: letters only'],
    ['MODULES_REQUIRED', 'modules option is required'],
    ['REGISTER_REQUIRED', 'register option is required'],
    ['MODULES_DO_NOT_EXIST', 'modules do not exist: use settings, logger, events, cookies'],
    ['ALREADY_INITIALISED', 'already initialised'],
    ['DELIVERY_DISABLED', 'delivery is disabled: cookies blocked or mboxDisable set'],
  ])('%s starts with the spec words and says what to do', (name, message) => {
    expect(exported[name]).toBe(message);
  });
});

describe('the sanitiser bundle', () => {
  it('is /mesura-sanitize.js, published as window.mesuraSanitizer, and its failure has a one-line message', () => {
    expect(api.SANITIZER_URL_DEFAULT).toBe('/mesura-sanitize.js');
    expect(api.SANITIZER_GLOBAL).toBe('mesuraSanitizer');
    expect(api.SANITIZER_LOAD_TIMEOUT_MS).toBe(5000);
    expect(api.SANITIZER_FAILED_TO_LOAD).toBe('Sanitizer failed to load');
  });
});
