// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurchasedExam } from '../../../shared/student-progress.ts';
import Dashboard, { type DashboardData } from './dashboard.tsx';

afterEach(cleanup);

const exam = (examId: string, change: Partial<PurchasedExam>): PurchasedExam => ({
  examId,
  title: examId.toUpperCase(),
  category: 'Cloud',
  purchaseDate: '2025-11-01T10:00:00.000Z',
  expiresAt: '2026-11-01T10:00:00.000Z',
  daysRemaining: 0,
  expired: true,
  courseProgress: 40,
  testCount: 3,
  ...change,
});

function show(purchased: PurchasedExam[]) {
  const data: DashboardData = { name: 'Ada', testsCompleted: 2, purchased, recent: [], unfinished: [], charts: [] };
  const Stub = createRoutesStub([{ path: '/', Component: () => <Dashboard data={data} /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('the dashboard', () => {
  it('counts and lists an exam whose access has run out, saying so, rather than "No Exams Purchased Yet"', async () => {
    show([exam('pmp', {})]);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.getByText('Purchased Exams').nextElementSibling?.textContent).toBe('1');
    expect(screen.queryByText('No Exams Purchased Yet')).toBeNull();
    expect(screen.getByRole('link', { name: /PMP/ }).textContent).toContain('Access expired · 3 practice tests');
  });

  it('counts days and tests in the singular when there is one', async () => {
    show([exam('az-900', { expired: false, daysRemaining: 1, testCount: 1 })]);
    expect((await screen.findByRole('link', { name: /AZ-900/ })).textContent).toContain(
      '1 day remaining · 1 practice test',
    );
  });

  it('says "No Exams Purchased Yet" to a student who has bought nothing', async () => {
    show([]);
    expect(await screen.findByText('No Exams Purchased Yet')).toBeTruthy();
    expect(screen.getByText('Purchased Exams').nextElementSibling?.textContent).toBe('0');
  });
});
