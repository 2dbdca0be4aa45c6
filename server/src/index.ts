export { createServer, type MesuraServer } from './app.js';
export { loadConfig, type ServerConfig } from './config.js';
export { anonymiseIp } from './ingest/steps/anonymise-ip.js';
