/**
 * Starts the built store (`build/`) as its own process on a port, the way `npm start` runs it, and the
 * bare Fastify route the HTTP benchmark compares it with. Both are stopped by the process that started them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface Started {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export const BENCH_SECRET = 'benchmark-secret-0123456789abcdefghijklmnopqrstuvwxyz';

function start(script: string, port: number, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The store's JSON log stays out of the report; startup failures still show on stderr.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the script and waits until it answers at `ready` on its port. A server left on the port by an
 * earlier run would answer in its place, so the port must be free; a child that does not come up is
 * stopped.
 */
async function launch(script: string, port: number, env: Record<string, string>, ready = '/'): Promise<Started> {
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(origin)) {
    throw new Error(`Something already answers at ${origin}: stop it first (a server left by an earlier run?)`);
  }
  const server = start(script, port, env);
  try {
    await waitFor(`${origin}${ready}`, server.process);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitFor(url: string, child: ChildProcess, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`The server for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Nothing answered at ${url}`);
}

/** The store on the given database, trusting one proxy hop so each simulated student has an address. */
export async function startStore(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Started> {
  if (!existsSync(path.join('build', 'server', 'index.js'))) {
    throw new Error('No build found: run "npm run build" first.');
  }
  return launch(
    'server/main.ts',
    port,
    {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A store with a public address takes the test cards only when asked.
      PAYMENT_PROVIDER: 'sandbox',
      AUTH_SECRET: BENCH_SECRET,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    '/healthz',
  );
}

/** A bare Fastify app answering one small JSON route: the most this machine serves through Fastify. */
export async function startCeiling(port: number, env: Record<string, string> = {}): Promise<Started> {
  return launch('scripts/bench/ceiling-server.ts', port, env);
}
