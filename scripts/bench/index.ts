import { reportPageWeight } from './page-weight.ts';

const usage = `Usage:
  npm run bench -- js [origin] [path...]   gzipped JavaScript per page of a running store
                                           (default origin http://localhost:3000)`;

const [command, origin = 'http://localhost:3000', ...paths] = process.argv.slice(2);
if (command === 'js') {
  await reportPageWeight(
    origin,
    paths.length > 0
      ? paths
      : ['/', '/exams', '/exams/aws-cloud-practitioner', '/exam/aws-cloud-practitioner/practice-tests'],
  );
} else {
  console.error(usage);
  process.exit(2);
}
