import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerBuild } from 'react-router';
import { readEnv } from './config/env.ts';
import { authSecret } from './config/secret.ts';
import { migrateToLatest, openDatabase, warnConnectionLost } from './db/database.ts';
import { buildApp } from './http/app.ts';
import { startWarnings } from './config/start-warnings.ts';
import { seedCatalogue } from './modules/catalogue/service.ts';
import type { AuthLog } from './modules/accounts/auth.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createServices } from './services.ts';
import { loggablePath } from './http/request-target.ts';
import { oneLine } from './lib/one-line.ts';

/**
 * A store that cannot start says why in one line, as the owner commands do, without a stack trace: a bad
 * setting in its own words, anything else after what was being done.
 */
async function orStop<T>(step: () => T | Promise<T>, doing?: string): Promise<T> {
  try {
    return await step();
  } catch (error) {
    console.error(doing ? `${doing}: ${oneLine(error)}` : (error as Error).message);
    process.exit(1);
  }
}

// Nothing is opened with a bad setting.
const env = await orStop(readEnv);
// The store's log, once it exists: the sign-in library's warnings and a lost database connection join it.
let log: FastifyBaseLogger | undefined = undefined;
const database = await orStop(async () => {
  const opened = openDatabase(env.DATABASE_URL, (error) => {
    if (log) log.warn({ err: error }, 'PostgreSQL connection lost');
    else warnConnectionLost(error);
  });
  await migrateToLatest(opened.db);
  return opened;
}, 'The database could not be opened');
const seed = env.SEED_CONTENT;
const seeded =
  seed === 'none' ? null : await orStop(() => seedCatalogue(database.db, seed), 'The catalogue could not be loaded');
const buildDir = path.resolve('build');
const serverBuild = path.join(buildDir, 'server', 'index.js');
if (!existsSync(serverBuild)) {
  console.error('No build found. Run "npm run build" first (npm start does it for you).');
  process.exit(1);
}

const baseUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR });
const google =
  env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, discoveryUrl: env.GOOGLE_DISCOVERY_URL }
    : undefined;
const payments =
  env.PAYMENT_PROVIDER === 'stripe'
    ? {
        provider: 'stripe' as const,
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        apiUrl: env.STRIPE_API_URL,
      }
    : { provider: 'sandbox' as const, settleSeconds: env.SANDBOX_SETTLE_SECONDS };
const authLog: AuthLog = (level, message, details) => {
  const err = details.find((d) => d instanceof Error);
  const rest = details.filter((d) => d !== err);
  log?.[level]({ ...(err ? { err } : {}), ...(rest.length ? { details: rest } : {}) }, `sign-in: ${message}`);
};
const services = createServices({
  database,
  baseUrl,
  secret: authSecret(env.AUTH_SECRET),
  mailer,
  google,
  payments,
  log: authLog,
});

const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
const app = await buildApp({
  database,
  services,
  trustProxy: env.TRUST_PROXY,
  pageCacheSeconds: env.PAGE_CACHE_SECONDS,
  build,
  clientDir: path.join(buildDir, 'client'),
  publicUrl: env.PUBLIC_URL,
  supportEmail: env.SUPPORT_EMAIL,
  mode: env.NODE_ENV,
  logger: {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    // Paths only, without tokens: query strings and a reset link's path carry one-time tokens.
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        path: loggablePath(req.url),
        remoteAddress: req.ip,
      }),
    },
  },
});

log = app.log;
if (seeded) {
  app.log.info({ exams: seeded.exams.added, questions: seeded.questions.added, from: seed }, 'catalogue loaded');
}
for (const warning of startWarnings(env)) app.log.warn({ baseUrl }, warning);

/**
 * Runs `work` now (what was due while the store was stopped) and every `seconds` after, for as long as the
 * store runs; a failure is logged and tried next time.
 */
function every(seconds: number, name: string, work: () => Promise<unknown>) {
  const run = () => void work().catch((error: Error) => app.log.error({ err: error }, `${name} failed`));
  run();
  setInterval(run, seconds * 1000).unref();
}
// Checkouts left unpaid past their payment page's lifetime give their coupon holds back; payments that
// settled while nobody asked (their notice lost while the store was stopped) are fulfilled.
every(5 * 60, 'checkout sweep', () => services.checkout.sweep());
// Exam-mode attempts whose time ran out with nobody on the page are handed in within a minute; anonymous
// attempts (begun signed out, and demos) go a day after their start and last answer (decision 0024).
every(60, 'attempt sweep', async () => {
  await services.practice.handInOverdue();
  await services.practice.removeOldAnonymousAttempts();
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('open requests did not finish in time; exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT * 1000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await orStop(
  () => app.listen({ host: env.HOST, port: env.PORT }),
  `The store could not listen on ${env.HOST}:${env.PORT}`,
);
app.log.info(
  { mail: mailer.describe(), google: Boolean(google), payments: env.PAYMENT_PROVIDER, baseUrl },
  'store ready',
);
