import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('exams', 'routes/exams.tsx'),
  route('exams/:examId', 'routes/exam-details.tsx'),
  route('exam/:examId/practice-tests', 'routes/practice-tests.tsx'),
  route('demo/:examId', 'routes/demo.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
