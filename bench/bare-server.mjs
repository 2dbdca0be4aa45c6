// The baseline of the ingest benchmark: node:http answering every request with 204, doing nothing.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.statusCode = 204;
    response.end();
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
