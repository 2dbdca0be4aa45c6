export { createServer, type MesuraServer, type ServerOptions } from './app.js';
export { loadConfig, type ServerConfig } from './config.js';
export { anonymiseIp } from './ingest/steps/anonymise-ip.js';
