import { benchAcceptQueue } from './accept-queue.ts';
import { benchHttp } from './http.ts';
import { reportLighthouse } from './lighthouse.ts';
import { reportPageWeight } from './page-weight.ts';
import { reportPhoneTimings } from './phone.ts';
import { benchScale } from './scale.ts';
import { benchSoak } from './soak.ts';

const usage = `Usage:
  npm run bench -- js [origin] [path...]   gzipped JavaScript per page of a running store
                                           (default origin http://localhost:3000)
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
                                           p50/p95 of the catalogue and progress queries as attempts grow
                                           (default sqlite, 10000 exams, 100000 users, 10000 100000 1000000)
  npm run bench -- soak [seconds] [students]
                                           students taking tests over HTTP against the built store on a new
                                           PostgreSQL database; every submitted attempt must be stored once
                                           (default 300 s, 200 students; npm run build first)`;

const PUBLIC_PAGES = ['/', '/exams', '/exams/aws-cloud-practitioner', '/exam/aws-cloud-practitioner/practice-tests'];

const engineOf = (value: string | undefined) => {
  const engine = value ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') fail();
  return engine as 'sqlite' | 'postgres';
};
const numbers = (values: string[], defaults: number[]) => {
  const parsed = values.length > 0 ? values.map(Number) : defaults;
  if (parsed.some((n) => !Number.isInteger(n) || n <= 0)) fail();
  return parsed;
};
function fail(): never {
  console.error(usage);
  process.exit(2);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'js') {
  const [origin = 'http://localhost:3000', ...paths] = args;
  await reportPageWeight(origin, paths.length > 0 ? paths : PUBLIC_PAGES);
} else if (command === 'lighthouse') {
  const [origin = 'http://localhost:3000', runs = '3'] = args;
  await reportLighthouse(origin, numbers([runs], [3])[0]!);
} else if (command === 'phone') {
  const [origin = 'http://localhost:3000', runs = '5'] = args;
  await reportPhoneTimings(origin, PUBLIC_PAGES, numbers([runs], [5])[0]!);
} else if (command === 'http') {
  const [seconds] = numbers(args, [10]);
  await benchHttp(seconds!);
} else if (command === 'accept') {
  const [busyMs] = numbers(args, [7]);
  await benchAcceptQueue(busyMs!);
} else if (command === 'scale') {
  const [engine, exams = '10000', users = '100000', ...steps] = args;
  const [e, u] = numbers([exams, users], []);
  await benchScale(engineOf(engine), e!, u!, numbers(steps, [10_000, 100_000, 1_000_000]));
} else if (command === 'soak') {
  const [seconds, students] = numbers(args, [300, 200]);
  await benchSoak(seconds!, students ?? 200);
} else {
  fail();
}
