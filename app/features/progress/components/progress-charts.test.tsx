// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProgressCharts from './progress-charts.tsx';

afterEach(cleanup);

const chart = {
  examId: 'pmp',
  examTitle: 'PMP',
  passingScore: 70,
  scores: [
    { submittedAt: '2026-05-01T10:00:00.000Z', percentage: 55, testName: 'Practice Test 1' },
    { submittedAt: '2026-05-03T10:00:00.000Z', percentage: 80, testName: 'Practice Test 2' },
  ],
  domains: [
    { category: 'People', correct: 9, total: 10 },
    { category: 'Process', correct: 3, total: 10 },
  ],
};

describe('the progress charts', () => {
  it('give every score as text for screen readers, next to the drawn chart', () => {
    render(<ProgressCharts charts={[chart]} timeZone="UTC" />);
    expect(screen.getByRole('img', { name: 'Scores of PMP over time; the table below lists them' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Scores of PMP' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DateTestScore',
      'May 1Practice Test 155%',
      'May 3Practice Test 280%',
    ]);
  });

  it('date the scores in the student’s time zone', () => {
    // 10:00 UTC is midnight of the next day on Kiritimati (UTC+14).
    render(<ProgressCharts charts={[chart]} timeZone="Pacific/Kiritimati" />);
    const rows = within(screen.getByRole('table', { name: 'Scores of PMP' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DateTestScore',
      'May 2Practice Test 155%',
      'May 4Practice Test 280%',
    ]);
  });

  it('write each domain share out and name the weakest domain to study next', () => {
    render(<ProgressCharts charts={[chart]} timeZone="UTC" />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'People90% (9 of 10)',
      'Process30% (3 of 10)',
    ]);
    expect(screen.getByText(/Study next/).textContent).toBe('Study next: Process');
  });

  it('between equal shares, name the domain with more answers missed', () => {
    const domains = [
      { category: 'People', correct: 1, total: 2 },
      { category: 'Process', correct: 3, total: 6 },
    ];
    render(<ProgressCharts charts={[{ ...chart, domains }]} timeZone="UTC" />);
    expect(screen.getByText(/Study next/).textContent).toBe('Study next: Process');
  });

  it('name no domain to study next while every answer was right', () => {
    const domains = [
      { category: 'People', correct: 4, total: 4 },
      { category: 'Process', correct: 1, total: 1 },
    ];
    render(<ProgressCharts charts={[{ ...chart, domains }]} timeZone="UTC" />);
    expect(screen.queryByText(/Study next/)).toBeNull();
    expect(screen.getByText('Every domain at 100% so far.')).toBeTruthy();
  });
});
