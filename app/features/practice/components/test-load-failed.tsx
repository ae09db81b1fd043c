import { isRouteErrorResponse, useNavigate } from 'react-router';
import { practiceMessages } from '../../../../shared/practice-messages.ts';
import { StatusPage } from '../../../components/ui/status-page.tsx';

/** Spec §8: a test that could not be loaded says why ('Failed to load practice test: …'), and a button goes back. */
export function TestLoadFailed({ title, error }: { title: string; error: unknown }) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string'
      ? error.data
      : practiceMessages.loadTestFailed('Please try again.');
  const navigate = useNavigate();
  // Back within the store; a test opened straight from a bookmark or an email has nowhere to go back to,
  // so it goes to the catalogue instead of leaving the store.
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/exams');
  };
  return (
    <StatusPage title={title} message={message}>
      <button type="button" className="btn-primary" onClick={goBack}>
        Go back
      </button>
    </StatusPage>
  );
}
