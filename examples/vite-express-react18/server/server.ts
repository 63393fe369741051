// One origin for the page, its BFF and the webhook receiver, so the session cookie stays
// SameSite=Strict and no CORS is needed. `npm start` serves the built app (dist/client);
// `npm run dev` serves the sources through Vite's middleware instead.
import { join } from 'node:path';
import express from 'express';
import { ConfigurationError, toNodeHandler } from 'lender-insurance-react/server';
import type { Insurance } from './insurance.js';
import { createInsurance } from './insurance.js';
import { ensureSession } from './session.js';

const dev = process.argv.includes('--dev');
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 3000);

let insurance: Insurance;
try {
  insurance = createInsurance(process.env);
} catch (error) {
  // A ConfigurationError lists every variable at fault, each with how to fix it.
  const problems = error instanceof ConfigurationError ? error.problems : [];
  for (const { message, fix } of problems) console.error(`Not started: ${message}. ${fix}`);
  if (problems.length === 0) {
    console.error(`Not started: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

const app = express();
app.disable('x-powered-by');
// Before any body parser: the webhook signature is over the raw bytes.
app.all('/api/insurance/*splat', toNodeHandler(insurance.bff.handler));
app.post('/webhooks/insurance', toNodeHandler(insurance.webhooks.handler));
app.use(ensureSession);
if (dev) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'spa' });
  app.use(vite.middlewares);
} else {
  app.use(express.static(join(import.meta.dirname, '../client')));
}

const server = app.listen(port, host, (error?: Error) => {
  if (error) {
    console.error(`Not started: ${error.message}`);
    process.exit(1);
  }
  console.log(`Listening on http://${host}:${port}/`);
});

function stop() {
  // Ends the browsers' event streams, then the server.
  void insurance.bff.close().finally(() => server.close(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
