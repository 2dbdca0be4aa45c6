import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MEDIA_SETTINGS, formatMediaSettings } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Cors } from '../http/cors.js';
import { HEARTBEAT_PATH } from '../ingest/heartbeat-handler.js';
import type { MediaSettingsByFile } from './media-settings-config.js';

export interface MediaSettingsDeps {
  settings: MediaSettingsByFile;
  cors: Cors;
}

const SETTINGS_FILE = /^[^/]{1,200}\.xml$/;

/**
 * The media settings file (spec §7 "Video settings", wire-formats §2) at
 * `{trackingServer}/settings/{file}.xml`: under `/hb` for the Mesura deployment's tracking server,
 * and at the root for the commercial library pointed at a host of its own. Any publisher gets an
 * answer: the defaults, unless MESURA_MEDIA_SETTINGS overrides its settings.
 */
export async function mediaSettingsRoutes(app: FastifyInstance, deps: MediaSettingsDeps): Promise<void> {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { file } = request.params as { file: string };
    if (!SETTINGS_FILE.test(file)) throw new HttpError(ERRORS.notFound, `no media settings file ${file}; expected {publisher}.xml`);
    const settings = deps.settings.get(file.toLowerCase()) ?? DEFAULT_MEDIA_SETTINGS;
    // The tracker adds ?r={now} to every read, so no cache answers it; say so for proxies too.
    return reply
      .headers({ ...deps.cors.headers(request.headers.origin), 'Cache-Control': 'no-cache' })
      .type('application/xml')
      .send(formatMediaSettings(settings));
  };
  app.get(`${HEARTBEAT_PATH}/settings/:file`, { config: { access: 'public' } }, serve);
  app.get('/settings/:file', { config: { access: 'public' } }, serve);
}
