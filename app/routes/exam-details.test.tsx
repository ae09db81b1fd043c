// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ExamDetails, { ErrorBoundary, meta } from './exam-details.tsx';
import { meta as practiceTestsMeta } from './practice-tests.tsx';

afterEach(cleanup);

function renderFailing(loader: () => never) {
  const Stub = createRoutesStub([
    {
      path: '/exams/:examId',
      Component: ExamDetails as never,
      ErrorBoundary: ErrorBoundary as never,
      HydrateFallback: () => null,
      loader,
    },
  ]);
  render(<Stub initialEntries={['/exams/pmp']} />);
}

describe('the exam details page when loading fails', () => {
  it('shows "Error Loading Exam" with the default message when the database fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(() => {
      throw new Error('connection reset');
    });
    expect(await screen.findByRole('heading', { name: 'Error Loading Exam' })).toBeTruthy();
    expect(screen.getByText('Failed to load exam details')).toBeTruthy();
    expect(screen.queryByText('connection reset')).toBeNull();
    vi.restoreAllMocks();
  });

  it('shows "Exam Not Found" with the id for an unknown exam', async () => {
    renderFailing(() => {
      throw data('Exam with ID pmp not found in the database', { status: 404 });
    });
    expect(await screen.findByRole('heading', { name: 'Exam Not Found' })).toBeTruthy();
    expect(screen.getByText("We couldn't find the exam you're looking for.")).toBeTruthy();
    expect(screen.getByText('Exam with ID pmp not found in the database')).toBeTruthy();
  });
});

describe('the page title when loading fails', () => {
  const titleOf = (pageMeta: typeof meta | typeof practiceTestsMeta, error: unknown) =>
    pageMeta({ loaderData: undefined, error, matches: [] } as never);
  it('names a failure a failure, and only an unknown exam "not found"', () => {
    const missing = { status: 404, statusText: '', internal: false, data: 'Exam with ID x not found in the database' };
    expect(titleOf(meta, new Error('connection reset'))).toEqual([{ title: 'Error Loading Exam | PracticePass' }]);
    expect(titleOf(meta, missing)).toEqual([{ title: 'Exam Not Found | PracticePass' }]);
    expect(titleOf(practiceTestsMeta, new Error('connection reset'))).toEqual([
      { title: 'Practice tests | PracticePass' },
    ]);
    expect(titleOf(practiceTestsMeta, missing)).toEqual([{ title: 'Exam Not Found | PracticePass' }]);
  });
});
