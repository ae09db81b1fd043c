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
    { submittedAt: '2026-05-01T10:00:00.000Z', percentage: 55, testName: 'Practice Test 1', passed: false },
    { submittedAt: '2026-05-03T10:00:00.000Z', percentage: 80, testName: 'Practice Test 2', passed: true },
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

  it('fill a dot for an attempt that passed its own test, whatever the exam’s line', () => {
    // Graded against each test's own mark: 72% passed a test set at 70, 74% failed one set at 75.
    const scores = [
      { submittedAt: '2026-05-01T10:00:00.000Z', percentage: 72, testName: 'Practice Test 1', passed: true },
      { submittedAt: '2026-05-02T10:00:00.000Z', percentage: 74, testName: 'Practice Test 2', passed: false },
    ];
    const { container } = render(<ProgressCharts charts={[{ ...chart, passingScore: 75, scores }]} timeZone="UTC" />);
    const dots = [...container.querySelectorAll('circle')].map((c) => c.getAttribute('class'));
    expect(dots).toEqual([expect.stringContaining('fill-brand-600'), expect.stringContaining('fill-white')]);
  });

  it('round a domain’s half share up, as the score is rounded', () => {
    render(
      <ProgressCharts
        charts={[{ ...chart, domains: [{ category: 'People', correct: 23, total: 40 }] }]}
        timeZone="UTC"
      />,
    );
    expect(screen.getByRole('listitem').textContent).toBe('People58% (23 of 40)');
  });
});
