// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PROGRESS } from '../../../../shared/progress.ts';
import { TestCard } from './test-card.tsx';

afterEach(cleanup);

const test = {
  id: 'pmp-pt2',
  position: 2,
  title: 'PMP Practice Test 2',
  displayName: null,
  timeLimitMinutes: 60,
  difficulty: 'medium' as const,
  passingScore: 70,
  questionCount: 20,
};

function card(props: { open: boolean; signedIn: boolean; examGoesOn?: boolean; lockedNote?: string }) {
  render(
    <MemoryRouter>
      <TestCard test={test} progress={NO_PROGRESS} examId="pmp" {...props} />
    </MemoryRouter>,
  );
}

describe('a practice test card', () => {
  it('offers both modes when the test is open', () => {
    card({ open: true, signedIn: true });
    expect(screen.getByRole('link', { name: 'Exam Mode: PMP Practice Test 2' }).getAttribute('href')).toBe(
      '/practice-test/pmp-pt2?mode=exam',
    );
    expect(screen.getByRole('link', { name: 'Practice Mode: PMP Practice Test 2' })).toBeTruthy();
    expect(screen.queryByText('Unlock More Tests')).toBeNull();
  });

  it('open, offers to resume an exam still under way', () => {
    card({ open: true, signedIn: true, examGoesOn: true });
    expect(screen.getByRole('link', { name: 'Resume Exam Mode: PMP Practice Test 2' }).textContent).toBe(
      'Resume Exam Mode',
    );
    expect(screen.getByRole('link', { name: 'Practice Mode: PMP Practice Test 2' })).toBeTruthy();
  });

  it('locked, leads back to an exam still under way, and to nothing else', () => {
    card({ open: false, signedIn: true, examGoesOn: true });
    expect(screen.getByText('Unlock More Tests')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Resume Exam Mode: PMP Practice Test 2' }).getAttribute('href')).toBe(
      '/practice-test/pmp-pt2?mode=exam',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('locked with no exam under way: a visitor is asked to sign up, a student offered nothing', () => {
    card({ open: false, signedIn: false, lockedNote: 'Please sign up to access more practice tests.' });
    expect(screen.getByText('Please sign up to access more practice tests.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeTruthy();
    cleanup();
    card({ open: false, signedIn: true });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
