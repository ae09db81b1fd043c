// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Exams from './exams.tsx';

afterEach(cleanup);

function renderWith(loaderData: { exams: never[]; term: string; error: string | null; failed: boolean }) {
  const Stub = createRoutesStub([
    { path: '/exams', Component: Exams as never, HydrateFallback: () => null, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={['/exams']} />);
}

describe('the catalogue page', () => {
  it('says the exams failed to load and reloads the page on "Try Again"', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWith({ exams: [], term: '', error: null, failed: true });
    expect(await screen.findByText('Failed to load exams. Please try again later.')).toBeTruthy();
    screen.getByRole('button', { name: 'Try Again' }).click();
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('shows the empty-search message only for a search', async () => {
    renderWith({ exams: [], term: 'zzz', error: null, failed: false });
    expect(await screen.findByText('No exams match your search. Try a different search term.')).toBeTruthy();
  });
});
