import { z } from 'zod';

/** A whole number written in digits (not `0x10`, not `1e3`), from `min` to `max`. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number in digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/**
 * Every setting the store reads from its environment, parsed once at start. Nothing else in the
 * code reads `process.env`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: wholeNumber(0, 65535).default(3000),
  /** `postgres://…` for PostgreSQL; a file path (or `file:` URL) for SQLite. */
  DATABASE_URL: z
    .string()
    .min(1)
    // Anything that starts like an address (`mysql://…`, or `postgres:/…` with a slash missing) is one: it
    // must not become the name of a new SQLite file. A single letter and a colon is a Windows drive.
    .refine(
      (url) => !/^[a-z][a-z\d+.-]+:/i.test(url) || /^(postgres(ql)?:\/\/|file:)/.test(url),
      'must be postgres://… for PostgreSQL, or a file path or file: URL for SQLite; no other database is supported',
    )
    .default('./data/practicepass.sqlite'),
  /** Public origin used in the sitemap and canonical links, e.g. https://practicepass.example. */
  /** Its origin alone: a trailing slash would make every form's Origin look like another site's. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address', abort: true })
    .refine(
      (url) => ['', '/'].includes(new URL(url).pathname),
      'must be an origin alone: the store cannot live under a path',
    )
    .transform((url) => new URL(url).origin)
    .optional(),
  /** Folder loaded into an empty catalogue at start; `none` turns the first-start load off. */
  SEED_CONTENT: z.string().min(1).default('content/exams'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs sessions and tokens; at least 32 characters. Unset: a random one is kept in data/auth-secret. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Google sign-in (OpenID Connect). Both unset: the Google buttons are not shown. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  /** smtp://user:pass@host:587 or smtps://…; unset: mail is written to OUTBOX_DIR instead. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).optional(),
  MAIL_FROM: z.string().min(3).default('PracticePass <no-reply@practicepass.example>'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  /** The address the contact page gives students; unset: support@practicepass.example, which reaches nobody. */
  SUPPORT_EMAIL: z.email().optional(),
  /** Trust X-Forwarded-* from this many proxy hops (0: the socket address is the client). */
  TRUST_PROXY: wholeNumber(0, 10).default(0),
  /**
   * sandbox: the built-in test card processor (no account anywhere); stripe: Stripe Checkout. Unset, the
   * sandbox, except with a PUBLIC_URL: a public store must name its provider.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** A secret key (sk_live_…, sk_test_…) or a restricted one (rk_…); a publishable key (pk_…) cannot pay. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\S+$/, 'must be a secret key, sk_live_… or sk_test_… (or a restricted rk_… key)')
    .optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…) that points at /api/payments/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another address for Stripe's API, such as a local stand-in; unset: Stripe itself. */
  STRIPE_API_URL: z.url().optional(),
  /** Seconds a sandbox payment made with the pending test card takes to settle. */
  SANDBOX_SETTLE_SECONDS: wholeNumber(1, 3600).default(10),
  /** Seconds an anonymous public page is served from memory; 0 turns the page cache off. */
  PAGE_CACHE_SECONDS: wholeNumber(0, 600).default(30),
  /** Seconds the server waits for open requests on shutdown before it exits anyway. */
  SHUTDOWN_TIMEOUT: wholeNumber(1, 300).default(10),
});

/**
 * A store with a public address takes the sandbox only when told to by name: anyone can buy every exam there
 * with a test card number, so one setting forgotten must not open the shop for free.
 */
const PUBLIC_WITHOUT_PROVIDER =
  'is not set while PUBLIC_URL is: set PAYMENT_PROVIDER=stripe for real payments, or PAYMENT_PROVIDER=sandbox to take test cards';

const checked = envSchema
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is needed too: Google sign-in takes both, or neither',
      });
    }
    if (env.PUBLIC_URL && !env.PAYMENT_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: PUBLIC_WITHOUT_PROVIDER });
    }
    if (env.PAYMENT_PROVIDER !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
  })
  .transform((env) => ({ ...env, PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? ('sandbox' as const) }));

export type Env = z.output<typeof checked>;

/** The settings, or an error naming every bad one: on one line when there is one. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // A setting left empty (`PORT=`) is unset: its default, not 0 or an empty name.
  const result = checked.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(
      lines.length === 1
        ? `Invalid configuration: ${lines[0]}`
        : `Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  return result.data;
}
