import { lazy } from 'react';

/**
 * The test runner loads when a test starts, fetched beside the request that starts it, not with the start
 * screen (the JavaScript budget, decision 0003). A page that resumes a running test loads it as it hydrates.
 */
export const loadTestRunner = () => import('./test-runner.tsx');

export const LazyTestRunner = lazy(() => loadTestRunner().then((m) => ({ default: m.TestRunner })));
