// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleButton } from './google-button.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A Google window the user closed without signing in, and a server that says nobody is signed in. */
function closedPopupAndNoSession() {
  vi.stubGlobal(
    'open',
    vi.fn(() => ({ closed: true })),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ signedIn: false })),
  );
}

function renderButton(failureMessage?: string) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <GoogleButton label="Sign up with Google" target="/dashboard" failureMessage={failureMessage} />,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('the Google button', () => {
  it.each([['Google login failed. Please try again.'], ['Google registration failed. Please try again.']])(
    'on a social-only screen says "%s" and can be pressed again',
    async (message) => {
      closedPopupAndNoSession();
      renderButton(message);
      const button = await screen.findByRole('button', { name: 'Sign up with Google' });
      button.click();
      expect(window.open).toHaveBeenCalledWith(
        '/auth/google?from=%2Fdashboard&popup=1',
        'practicepass-google',
        expect.stringContaining('width=500'),
      );
      expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveProperty('textContent', message);
      await waitFor(() => expect(button).toHaveProperty('disabled', false));
    },
  );

  it('falls back to the same sign-in in this window when popups are blocked', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderButton();
    (await screen.findByRole('button', { name: 'Sign up with Google' })).click();
    expect(assign).toHaveBeenCalledWith('/auth/google?from=%2Fdashboard');
  });
});
