/**
 * Where the site's tag library and its custom scripts are fetched (spec §7 "Script loads": the
 * web-analytics tag library by account id and layer name, two custom scripts from the tag
 * manager's asset host). The head code loads `/tags/{account}/{layer}/mesura.js`; the server serves
 * the measurement library there (the same bytes as `/mesura.js`), and the library chooses the
 * property of the layer named in its own address. A layer is an environment of SITE_ACCOUNTS.
 * The server and the browser both check an address against these lists, and never echo it.
 */
import type { Environment } from '@mesura/protocol';

/** The tag manager's account of this site: the first segment after TAG_LIBRARY_PREFIX. */
export const TAG_ACCOUNT_ID = 'mesura';

/** The layers (environments) a tag library is published in; each chooses its property and accounts. */
export const TAG_LAYERS: readonly Environment[] = ['development', 'staging', 'production'];

/** The path every tag-manager address starts with. */
export const TAG_LIBRARY_PREFIX = '/tags/';

/** The measurement library's file name at a layer's address. */
export const TAG_LIBRARY_FILE = 'mesura.js';

/**
 * The asset host's folder, under the account (`/tags/mesura/assets/`): custom scripts are files of
 * the property, not of a layer, so every layer loads the same file.
 */
export const TAG_ASSETS_FOLDER = 'assets';

/**
 * The property's custom scripts on the asset host, each with the vendor whose consent loads it
 * (the consent list's names, @mesura/consent VENDOR_IDS). The server serves only these names.
 */
export const SITE_CUSTOM_SCRIPTS = {
  /** Article read to the end: one link track per article view (`lectura completa`). */
  'lectura-completa.js': 'web-analytics',
  /** The visitor's reading interests by section, kept on the device for the audience module. */
  'interessos.js': 'personalisation',
} as const;

export type CustomScriptFile = keyof typeof SITE_CUSTOM_SCRIPTS;

/** `/tags/mesura/{layer}/mesura.js`: what the head code loads in that layer. */
export function tagLibraryPath(layer: Environment): string {
  return `${TAG_LIBRARY_PREFIX}${TAG_ACCOUNT_ID}/${layer}/${TAG_LIBRARY_FILE}`;
}

/** `/tags/mesura/assets/`: the asset host's base, beside the tag library. */
export function tagAssetsPath(): string {
  return `${TAG_LIBRARY_PREFIX}${TAG_ACCOUNT_ID}/${TAG_ASSETS_FOLDER}/`;
}

/** The layer a known account's address names (`/tags/{account}/{layer}/…`), else undefined. */
export function layerOfPath(pathname: string): Environment | undefined {
  if (!pathname.startsWith(TAG_LIBRARY_PREFIX)) return undefined;
  const [account, layer] = pathname.slice(TAG_LIBRARY_PREFIX.length).split('/');
  return account === TAG_ACCOUNT_ID ? TAG_LAYERS.find((known) => known === layer) : undefined;
}

/** Whether `file` is one of the property's custom scripts. */
export function isCustomScript(file: string): file is CustomScriptFile {
  // biome-ignore lint/suspicious/noPrototypeBuiltins: the browser bundles target ES2020 (packages/sdk/bundle-options.mjs), which has no Object.hasOwn.
  return Object.prototype.hasOwnProperty.call(SITE_CUSTOM_SCRIPTS, file);
}

/**
 * Dispatched on `window` by /mesura.js after each page view it sent (`detail`: `pageName`,
 * `section`), for the custom scripts that follow the site's pages in a single-page app.
 */
export const PAGE_VIEW_EVENT = 'mesura:page-view';
