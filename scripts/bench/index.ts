import { benchAcceptQueue } from './accept-queue.ts';
import { benchHttp } from './http.ts';
import { reportLighthouse } from './lighthouse.ts';
import { reportPageWeight } from './page-weight.ts';
import { reportPhoneTimings } from './phone.ts';
import { benchScale } from './scale.ts';
import { benchSoak } from './soak.ts';

const usage = `Usage:
  npm run bench -- js [origin] [path...]   gzipped JavaScript per page of a running store, in Chromium
                                           (default origin http://localhost:3000; paths begin with /; without
                                           paths: the public pages, a running test and a student's pages)
  npm run bench -- lighthouse [origin] [runs]
                                           Lighthouse 13.5.0, mobile preset, simulated and applied, median
                                           of runs (default 3) each, on the public pages and a running test
                                           of a running store
  npm run bench -- phone [origin] [runs]   first paint, largest paint and hydration of the public pages with the
                                           preset's slow phone applied to the browser, median of runs (default 5)
  npm run bench -- http [seconds]          req/s and latency of the built store at 100 connections, next to a
                                           bare Fastify route (default 10 s per measurement; npm run build first)
  npm run bench -- accept [busy ms]        first answers of 100 new connections to a saturated bare route
                                           that spends busy ms of CPU per request (default 7), against the rest
  npm run bench -- scale [sqlite|postgres] [exams] [users] [attempts...]
                                           p50/p95 of the catalogue and the students' pages as attempts grow,
                                           for ordinary and heavy students (default sqlite, 10000 exams,
                                           100000 users, 10000 1000000 attempts, in increasing steps)
  npm run bench -- soak [seconds] [students]
                                           students taking tests over HTTP against the built store on a new
                                           PostgreSQL database; every submitted attempt must be stored once
                                           and graded (default 300 s, 200 students; npm run build first)`;

const PUBLIC_PAGES = ['/', '/exams', '/exams/aws-cloud-practitioner', '/exam/aws-cloud-practitioner/practice-tests'];
const DEFAULT_ORIGIN = 'http://localhost:3000';

function fail(why?: string): never {
  if (why) console.error(`${why}\n`);
  console.error(usage);
  process.exit(2);
}

/** At most `max` arguments. */
function atMost(values: string[], max: number) {
  if (values.length > max) fail(`Too many arguments: ${values.slice(max).join(' ')}`);
  return values;
}

const engineOf = (value: string | undefined) => {
  const engine = value ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') fail(`Not an engine: ${engine}`);
  return engine as 'sqlite' | 'postgres';
};

const numbers = (values: string[], defaults: number[]) => {
  const parsed = values.length > 0 ? values.map(Number) : defaults;
  const wrong = values.find((v) => !Number.isInteger(Number(v)) || Number(v) <= 0);
  if (wrong !== undefined) fail(`Not a whole number above 0: ${wrong}`);
  return parsed;
};
const numberOr = (value: string | undefined, fallback: number) =>
  numbers(value === undefined ? [] : [value], [fallback])[0]!;

/** The origin of a running store: http or https, no path. */
function originOf(value: string | undefined): string {
  const text = value ?? DEFAULT_ORIGIN;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // not a URL
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    fail(`Not the origin of a store (such as ${DEFAULT_ORIGIN}): ${text}`);
  }
  return url.origin;
}

/** A store must answer at the origin before a browser or Lighthouse is pointed at it. */
async function reachable(origin: string) {
  try {
    await fetch(origin, { redirect: 'manual' });
  } catch {
    console.error(`Nothing answers at ${origin}: start the store first (npm start, or npm run dev).`);
    process.exit(1);
  }
  return origin;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'js') {
  const [origin, ...paths] = args[0]?.startsWith('/') ? fail(`The origin comes before the paths: ${args[0]}`) : args;
  const bad = paths.find((p) => !p.startsWith('/'));
  if (bad !== undefined) fail(`Not a path: ${bad}`);
  // With no paths, page-weight.ts measures its own list of public and signed-in pages.
  await reportPageWeight(await reachable(originOf(origin)), paths);
} else if (command === 'lighthouse' || command === 'phone') {
  const [origin, runs] = atMost(args, 2);
  const store = await reachable(originOf(origin));
  if (command === 'lighthouse') await reportLighthouse(store, numberOr(runs, 3));
  else await reportPhoneTimings(store, PUBLIC_PAGES, numberOr(runs, 5));
} else if (command === 'http') {
  await benchHttp(numberOr(atMost(args, 1)[0], 10));
} else if (command === 'accept') {
  await benchAcceptQueue(numberOr(atMost(args, 1)[0], 7));
} else if (command === 'scale') {
  const [engine, exams, users, ...steps] = args;
  const attempts = numbers(steps, [10_000, 1_000_000]);
  if (attempts.some((n, i) => i > 0 && n <= attempts[i - 1]!)) fail('The attempt steps must increase.');
  const userCount = numberOr(users, 100_000);
  if (userCount < 5) fail('The scale benchmark needs at least 5 users (four are its heavy students).');
  await benchScale(engineOf(engine), numberOr(exams, 10_000), userCount, attempts);
} else if (command === 'soak') {
  const [seconds, students] = atMost(args, 2);
  await benchSoak(numberOr(seconds, 300), numberOr(students, 200));
} else {
  fail(command === undefined ? undefined : `Unknown command: ${command}`);
}
