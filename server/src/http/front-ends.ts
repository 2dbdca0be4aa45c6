import { CONSOLE_BASE_PATH } from '@mesura/protocol';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadCompressedBundle } from './compression-bundles.js';
import { consolePolicy, createNonce, sitePolicy } from './content-security-policy.js';
import { ERRORS, HttpError } from './errors.js';
import { injectFirstView, loadFirstViewRenderer, redirectOf, type ContentFetcher } from './first-view.js';

/** What the site's inline snippet receives as `window.mesuraConfig`. */
export interface SiteConfig {
  /** The site sends its own page views on each route (direct call scPageView). */
  autoPageView: boolean;
  /** Domains whose links carry the visitor id (the activity-map module decorates them). */
  sisterDomains: string[];
  /** Where the ga account's page views go; absent: this collector; false: nowhere. */
  gaDestination?: string | false;
  /** Whom visitors write to for a copy or erasure of their data (rights/privacy-contact.ts); absent: the site names the data-protection officer. */
  privacyContact?: string;
  /**
   * The collector's origin (MESURA_PUBLIC_URL's): pages on another of the broadcaster's domains send
   * there and ask it for the visitor (§7 visitor identity, packages/sdk cross-domain-visitor.ts); absent: each page's own.
   */
  collector?: string;
  /** The tag library the head code loads, by account id and layer name (tag-library-routes.ts); absent: `/mesura.js`. */
  tagLibrary?: string;
}

/**
 * The browser bundles served from the SDK's dist folder, at the site's root. The personalisation
 * client loads the sanitiser (`mesura-sanitize.js`) from there by default.
 */
export const BROWSER_BUNDLES = ['mesura.js', 'mesura-activity-map.js', 'mesura-media.js', 'mesura-personalize.js', 'mesura-sanitize.js', 'mesura-id-sync.js', 'mesura-audience.js'] as const;

export const CONFIG_PLACEHOLDER = '__MESURA_CONFIG__';
/** Where the head snippet's code goes: a comment, so that a page served without it still parses. */
export const HEAD_PLACEHOLDER = '/*__MESURA_HEAD__*/';
/** The head snippet (packages/sdk: queue, __tcfapi stub, stored-consent check), inlined in the site's head. */
export const HEAD_BUNDLE = 'mesura-head.js';
/** Where each response's CSP nonce goes in the site's inline scripts. */
export const NONCE_PLACEHOLDER = '__MESURA_NONCE__';
export const CONSOLE_PREFIX = `${CONSOLE_BASE_PATH}/`;

export interface FrontEndOptions {
  siteDir: string;
  consoleDir: string;
  sdkDir: string;
  /** The site's server build (first-view.ts); the site's pages go out empty without it. */
  siteFirstViewFile: string;
  siteConfig: SiteConfig;
  /** Origins the site's pages reach besides their own, for its Content-Security-Policy. */
  connectSources: readonly string[];
  /** Origins the site's pages may frame besides their own (the collector's ID-sync frame). Default none. */
  frameSources?: readonly string[];
  /** Origins the site's images may come from besides its own and the connect sources (siteImageSources). Default none. */
  imageSources?: readonly string[];
}

/**
 * Serves the built site at `/`, the console at `/consola/` and the SDK's bundles (BROWSER_BUNDLES)
 * at the root. Both apps route on the client, so unknown paths get their app's index.html; the
 * site's answers 404 when its first view is its not-found page (measured there as Error404).
 * Pages carry their Content-Security-Policy; built files go out precompressed.
 */
export async function frontEndRoutes(app: FastifyInstance, options: FrontEndOptions): Promise<void> {
  const headFile = path.join(options.sdkDir, HEAD_BUNDLE);
  const head = existsSync(headFile) ? readFileSync(headFile, 'utf8') : '';
  const siteIndex = readIndex(options.siteDir, (html) => injectHead(injectConfig(markInlineScripts(html), options.siteConfig), head));
  const consoleIndex = readIndex(options.consoleDir, (html) => html);
  const renderFirstView =
    siteIndex === undefined
      ? undefined
      : await loadFirstViewRenderer(options.siteFirstViewFile, contentFetcher(app)).catch((error: unknown) => {
          // The site still works without it, rendered by the browser alone.
          app.log.error({ err: error }, `the site's server build ${options.siteFirstViewFile} did not load; its pages go out empty`);
          return undefined;
        });
  // Everything served here is public, @fastify/static's routes included (they take no route
  // config): the apps' shells and files hold no data; the console reads it through the API.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? 'public' };
  });
  const PUBLIC = { config: { access: 'public' } } as const;
  for (const name of BROWSER_BUNDLES) {
    const file = path.join(options.sdkDir, name);
    const bundle = loadCompressedBundle(file);
    app.get(`/${name}`, PUBLIC, async (request, reply) => {
      if (!bundle) throw notBuilt(`the SDK (${name})`);
      const { body, encoding } = bundle.bodyFor(request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').header('Vary', 'Accept-Encoding').send(body);
    });
  }

  const noIndex = (pathName: string) => !pathName.endsWith('/index.html') && pathName !== '/index.html';
  if (siteIndex) {
    await app.register(fastifyStatic, { root: options.siteDir, prefix: '/', index: false, allowedPath: noIndex, setHeaders: cacheHashedAssets, preCompressed: true });
  }
  if (consoleIndex) {
    await app.register(fastifyStatic, {
      root: options.consoleDir,
      prefix: CONSOLE_PREFIX,
      index: false,
      decorateReply: false,
      allowedPath: noIndex,
      setHeaders: cacheHashedAssets,
      preCompressed: true,
    });
  }

  const sendPage = (reply: FastifyReply, html: string | undefined, what: string, policy: string) => {
    if (html === undefined) throw notBuilt(what);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', policy).send(html);
  };
  const sendConsole = async (_request: FastifyRequest, reply: FastifyReply) => sendPage(reply, consoleIndex, 'the console', consolePolicy());
  /** A site page: its first view rendered in when the server build is there, the empty shell otherwise; a redirecting route's redirect. */
  const sendSitePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = createNonce();
    // The nonce goes in before the view, so that no text of the view can take it.
    let page = siteIndex?.replaceAll(NONCE_PLACEHOLDER, nonce);
    if (page !== undefined && renderFirstView !== undefined) {
      try {
        const view = await renderFirstView(request.url, { cookie: request.headers.cookie });
        // With or without the consent banner by the visitor's stored choice: a shared cache must not
        // give one visitor's page to another.
        reply.header('Vary', 'Cookie');
        // A page that moved (an article's old slug) is answered as such, so that browsers, search
        // engines and shared links land on the canonical address before any script runs.
        const redirect = redirectOf(view);
        if (redirect) return reply.header('Cache-Control', 'no-cache').redirect(redirect.to, redirect.status);
        if (view) page = injectFirstView(page, view);
        if (view?.notFound) reply.code(ERRORS.notFound.status);
      } catch (error) {
        request.log.error({ err: error }, `the site's first view of ${request.url.split('?', 1)[0]} failed; the page goes out empty`);
      }
    }
    return sendPage(reply, page, 'the site', sitePolicy(nonce, { connect: options.connectSources, frame: options.frameSources, images: options.imageSources }));
  };
  app.get('/', PUBLIC, sendSitePage);
  app.get('/consola', PUBLIC, (request, reply) => {
    const q = request.url.indexOf('?');
    return reply.redirect(CONSOLE_PREFIX + (q < 0 ? '' : request.url.slice(q)));
  });
  app.get(CONSOLE_PREFIX, PUBLIC, sendConsole);

  app.setNotFoundHandler(async (request, reply) => {
    const pathName = request.url.split('?', 1)[0] ?? '';
    const isPage = request.method === 'GET' && !pathName.startsWith('/api/') && !pathName.startsWith('/b/ss/');
    if (!isPage || path.extname(pathName) !== '') {
      throw new HttpError(ERRORS.notFound, `no route for ${request.method} ${pathName}`);
    }
    if (pathName.startsWith(CONSOLE_PREFIX)) return sendConsole(request, reply);
    return sendSitePage(request, reply);
  });
}

/** Vite's build names each file under assets/ after a hash of its content. */
export const HASHED_ASSETS_DIR = 'assets';
/** A year: a changed file gets a new name, so a cached one never goes stale. */
export const HASHED_ASSET_MAX_AGE_S = 31_536_000;

/**
 * Hashed build output is cached for good (no revalidation on the next page, which a returning
 * visitor's first paint, with the body hidden for personalisation, waits for); other static files
 * keep the default, revalidated with their ETag.
 */
function cacheHashedAssets(reply: FastifyReply, filePath: string): void {
  if (path.basename(path.dirname(filePath)) === HASHED_ASSETS_DIR) {
    reply.header('Cache-Control', `public, max-age=${HASHED_ASSET_MAX_AGE_S}, immutable`);
  }
}

function readIndex(dir: string, transform: (html: string) => string): string | undefined {
  const file = path.join(dir, 'index.html');
  return existsSync(file) ? transform(readFileSync(file, 'utf8')) : undefined;
}

/** Inline scripts of a page (no `src`) get the response's nonce, which their policy allows. */
const INLINE_SCRIPT_TAG = /<script(?![^>]*\bsrc=)([^>]*)>/g;

export function markInlineScripts(html: string): string {
  return html.replace(INLINE_SCRIPT_TAG, (_tag, attributes: string) => `<script nonce="${NONCE_PLACEHOLDER}"${attributes}>`);
}

/** JSON in an inline script: `<` is escaped so that no value can close the script element. */
export function injectConfig(html: string, config: SiteConfig): string {
  return html.replace(CONFIG_PLACEHOLDER, JSON.stringify(config).replaceAll('<', '\\u003c'));
}

/** Script code inlined in the page: `</script` is escaped (valid inside JS strings and regexes alike). */
export function injectHead(html: string, code: string): string {
  return html.replace(HEAD_PLACEHOLDER, () => code.replaceAll('</script', '<\\/script'));
}

/**
 * The first view's loaders read the same public content API the browser does, answered in-process
 * (no socket) by Fastify's inject.
 */
function contentFetcher(app: FastifyInstance): ContentFetcher {
  return async (path) => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

function notBuilt(what: string): HttpError {
  return new HttpError(ERRORS.notFound, `${what} is not built; run npm run build`);
}
