import { isRouteErrorResponse } from 'react-router';
import { practiceMessages } from '../../../../shared/practice-messages.ts';
import { StatusPage } from '../../../components/ui/status-page.tsx';

/** Spec §8: a test that could not be loaded says why ('Failed to load practice test: …'), and a button goes back. */
export function TestLoadFailed({ title, error }: { title: string; error: unknown }) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string'
      ? error.data
      : practiceMessages.loadTestFailed('Please try again.');
  return (
    <StatusPage title={title} message={message}>
      <button type="button" className="btn-primary" onClick={() => history.back()}>
        Go back
      </button>
    </StatusPage>
  );
}
