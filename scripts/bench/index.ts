import { reportLighthouse } from './lighthouse.ts';
import { reportPageWeight } from './page-weight.ts';
import { benchProgress } from './progress-queries.ts';

const usage = `Usage:
  npm run bench -- js [origin] [path...]   gzipped JavaScript per page of a running store
                                           (default origin http://localhost:3000)
  npm run bench -- lighthouse [origin] [runs]
                                           Lighthouse 13.5.0, mobile preset, median of runs (default 3),
                                           on the public pages and a running test of a running store
  npm run bench -- progress [sqlite|postgres] [users] [attempts]
                                           p50/p95 of the progress pages' queries on a large database
                                           (default sqlite, 100000 users, 1000000 attempts)`;

const [command, origin = 'http://localhost:3000', ...paths] = process.argv.slice(2);
if (command === 'js') {
  await reportPageWeight(
    origin,
    paths.length > 0
      ? paths
      : ['/', '/exams', '/exams/aws-cloud-practitioner', '/exam/aws-cloud-practitioner/practice-tests'],
  );
} else if (command === 'lighthouse') {
  await reportLighthouse(origin, Number(paths[0] ?? 3));
} else if (command === 'progress') {
  const [engine = 'sqlite', users = '100000', attempts = '1000000'] = process.argv.slice(3);
  if (engine !== 'sqlite' && engine !== 'postgres') {
    console.error(usage);
    process.exit(2);
  }
  await benchProgress(engine, Number(users), Number(attempts));
} else {
  console.error(usage);
  process.exit(2);
}
