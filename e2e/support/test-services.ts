/**
 * The outside services the store talks to in browser tests, run for real on loopback: an OpenID Connect
 * server standing in for Google and an SMTP server. A small HTTP API lets tests read the mail and choose
 * who the next Google sign-in is.
 */
import { createServer } from 'node:http';
import { startOidcServer } from '../../server/testing/oidc.ts';
import { startSmtpServer } from '../../server/testing/smtp.ts';
import { TEST_SERVICE_PORTS } from './ports.ts';

const oidc = await startOidcServer(TEST_SERVICE_PORTS.oidc);
const smtp = await startSmtpServer(TEST_SERVICE_PORTS.smtp);

const api = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>) : {};
  const json = (value: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
  if (url.pathname === '/healthz') return json({ ok: true });
  if (url.pathname === '/mail')
    return json(smtp.messages.filter((m) => m.to.includes(url.searchParams.get('to') ?? '')));
  if (url.pathname === '/google/user' && request.method === 'POST') {
    oidc.signInAs({ email: body.email!, name: body.name });
    return json({ ok: true });
  }
  if (url.pathname === '/google/refuse' && request.method === 'POST') {
    oidc.refuseNext();
    return json({ ok: true });
  }
  response.writeHead(404).end();
});
api.listen(TEST_SERVICE_PORTS.api, '127.0.0.1');

const stop = async () => {
  api.close();
  await Promise.all([oidc.close(), smtp.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
