// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExamSummary } from '../../shared/catalogue.ts';
import Exams from './exams.tsx';

afterEach(cleanup);

// The cards are the grid's business (and need the cart); here a card is its title.
vi.mock('../features/catalogue/components/exam-grid.tsx', () => ({
  ExamGrid: ({ exams }: { exams: ExamSummary[] }) => (
    <ul>
      {exams.map((e) => (
        <li key={e.id}>
          <article>{e.title}</article>
        </li>
      ))}
    </ul>
  ),
}));

interface Data {
  exams: ExamSummary[];
  term: string;
  error: string | null;
  failed: boolean;
  page?: number;
  pageCount?: number;
  total?: number;
}

function renderWith({ page = 1, pageCount = 0, total = 0, ...rest }: Data, address = '/exams') {
  const loaderData = { page, pageCount, total, ...rest };
  const Stub = createRoutesStub([
    { path: '/exams', Component: Exams as never, HydrateFallback: () => null, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={[address]} />);
}

const exam = (id: string): ExamSummary => ({
  id,
  title: `Exam ${id}`,
  category: 'Cloud',
  thumbnail: null,
  durationMinutes: 90,
  questionCount: 65,
  difficulty: 'medium',
  priceCents: 2999,
  featured: false,
  popularity: 0,
  practiceTestCount: 3,
});

describe('the catalogue page', () => {
  it('says the exams failed to load, and "Try Again" asks for the same page again, scripts or none', async () => {
    renderWith({ exams: [], term: 'cloud', error: null, failed: true }, '/exams?q=cloud+security&page=2');
    expect(await screen.findByText('Failed to load exams. Please try again later.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Try Again' }) as HTMLButtonElement;
    const form = button.form!;
    expect(button.type).toBe('submit');
    expect([form.method, new URL(form.action).pathname]).toEqual(['get', '/exams']);
    expect(Array.from(new FormData(form))).toEqual([
      ['q', 'cloud security'],
      ['page', '2'],
    ]);
  });

  it('shows the empty-search message only for a search', async () => {
    renderWith({ exams: [], term: 'zzz', error: null, failed: false });
    expect(await screen.findByText('No exams match your search. Try a different search term.')).toBeTruthy();
  });

  it('links to the pages before and after a middle page of a search, keeping the search', async () => {
    const exams = Array.from({ length: 24 }, (_, i) => exam(`e${i}`));
    renderWith({ exams, term: 'cloud', error: null, failed: false, page: 2, pageCount: 3, total: 1234 });
    expect(await screen.findByText('1,234 exams matching “cloud”, 25–48 shown')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Catalogue pages' });
    expect(pages.textContent).toContain('Page 2 of 3');
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/exams?q=cloud');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/exams?q=cloud&page=3');
  });

  it('has no previous link on the first page, no next link on the last, and no pages for one page', async () => {
    renderWith({ exams: [exam('a')], term: '', error: null, failed: false, page: 1, pageCount: 2, total: 25 });
    expect(await screen.findByText('25 exams, 1–1 shown')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/exams?page=2');
    cleanup();
    renderWith({ exams: [exam('a')], term: '', error: null, failed: false, page: 2, pageCount: 2, total: 25 });
    expect(await screen.findByText('25 exams, 25–25 shown')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/exams');
    cleanup();
    renderWith({
      exams: [exam('a'), exam('b')],
      term: '',
      error: null,
      failed: false,
      page: 1,
      pageCount: 1,
      total: 2,
    });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Catalogue pages' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers the first page when the page asked for does not exist', async () => {
    renderWith({ exams: [], term: 'cloud', error: 'There is no such page of the catalogue.', failed: false });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/exams?q=cloud');
  });
});
