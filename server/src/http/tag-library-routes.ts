/**
 * The tag manager's addresses (spec §7 "Script loads"): the measurement library fetched by account
 * id and layer name, `GET /tags/{account}/{layer}/{bundle}` (the same bytes as `/{bundle}`, so that
 * the modules it loads beside itself are there too; the library reads its layer from its own
 * address and chooses that property), and the asset host of the property's custom scripts,
 * `GET /tags/{account}/assets/{file}`. Account, layer and file are checked against
 * @mesura/site-property's lists (tag-library.ts) and BROWSER_BUNDLES; anything else is a 404 whose
 * message names no request value. Nothing of the address is written into a script.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SITE_CUSTOM_SCRIPTS, TAG_ACCOUNT_ID, TAG_ASSETS_FOLDER, TAG_LAYERS, TAG_LIBRARY_PREFIX, isCustomScript } from '@mesura/site-property/tag-library';
import { loadCompressedBundle, type CompressedBundle } from './compression-bundles.js';
import { ERRORS, HttpError } from './errors.js';
import { BROWSER_BUNDLES } from './front-ends.js';

/** Where the SDK build writes the custom scripts (packages/sdk build.mjs), under its dist folder. */
export const TAG_ASSETS_DIR = 'tag-assets';
/** Browsers may keep a library or a custom script this long before asking again (as `/mesura.js`). */
export const TAG_SCRIPT_MAX_AGE_S = 300;

export interface TagLibraryOptions {
  /** packages/sdk/dist. */
  sdkDir: string;
}

const UNKNOWN_LIBRARY = `no such tag library: use ${TAG_LIBRARY_PREFIX}${TAG_ACCOUNT_ID}/{${TAG_LAYERS.join('|')}}/mesura.js`;
const UNKNOWN_ASSET = `no such custom script: the asset host serves ${Object.keys(SITE_CUSTOM_SCRIPTS).join(', ')}`;

interface LibraryParams {
  account: string;
  layer: string;
  file: string;
}

export async function tagLibraryRoutes(app: FastifyInstance, options: TagLibraryOptions): Promise<void> {
  const load = (file: string) => loadCompressedBundle(file);
  const bundles = new Map(BROWSER_BUNDLES.map((name) => [name as string, load(path.join(options.sdkDir, name))]));
  const assets = new Map(Object.keys(SITE_CUSTOM_SCRIPTS).map((name) => [name, load(path.join(options.sdkDir, TAG_ASSETS_DIR, name))]));
  const PUBLIC = { config: { access: 'public' } } as const;

  app.get<{ Params: LibraryParams }>(`${TAG_LIBRARY_PREFIX}:account/:layer/:file`, PUBLIC, async (request, reply) => {
    const { account, layer, file } = request.params;
    const known = account === TAG_ACCOUNT_ID && TAG_LAYERS.some((name) => name === layer) && bundles.has(file);
    if (!known) throw new HttpError(ERRORS.notFound, UNKNOWN_LIBRARY);
    return sendScript(request, reply, bundles.get(file), file);
  });

  app.get<{ Params: Omit<LibraryParams, 'layer'> }>(`${TAG_LIBRARY_PREFIX}:account/${TAG_ASSETS_FOLDER}/:file`, PUBLIC, async (request, reply) => {
    const { account, file } = request.params;
    if (account !== TAG_ACCOUNT_ID || !isCustomScript(file)) throw new HttpError(ERRORS.notFound, UNKNOWN_ASSET);
    return sendScript(request, reply, assets.get(file), file);
  });
}

function sendScript(request: FastifyRequest, reply: FastifyReply, bundle: CompressedBundle | undefined, file: string) {
  if (!bundle) throw new HttpError(ERRORS.notFound, `${file} is not built; run npm run build`);
  const { body, encoding } = bundle.bodyFor(request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.type('text/javascript; charset=utf-8').header('Cache-Control', `public, max-age=${TAG_SCRIPT_MAX_AGE_S}`).header('Vary', 'Accept-Encoding').send(body);
}
