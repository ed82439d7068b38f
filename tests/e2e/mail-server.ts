// The test SMTP server of the browser tests, started by playwright.config.ts before the shop (which sends to it through
// SMTP_URL): the API tests' helper (tests/api/helpers/smtp.ts) on E2E_SMTP_PORT, and a tiny HTTP server on
// E2E_MAIL_PORT that lists what arrived, GET /messages (JSON), for the specs (tests/e2e/fixtures/mail.ts).
// Bounded like the helper: at most 1,000 messages of 1 MB; it stops with the test run.
import { createServer } from 'node:http';
import { startSmtpServer } from '../api/helpers/smtp.ts';
import { mailPorts } from './fixtures/mail-ports.ts';

const { smtp: smtpPort, http: httpPort } = mailPorts();
const smtp = await startSmtpServer(smtpPort);
const http = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/messages') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(smtp.messages));
  } else if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  } else {
    res.writeHead(404);
    res.end();
  }
});
http.listen(httpPort, '127.0.0.1', () => console.log(`test SMTP server on ${smtpPort}, messages on http://127.0.0.1:${httpPort}/messages`));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    http.close();
    void smtp.close().finally(() => process.exit(0));
  });
