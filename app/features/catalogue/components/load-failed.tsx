/** The catalogue could not be read: say so and offer a reload, as spec §8 asks. */
export function LoadFailed({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-900">{message}</p>
      <button type="button" className="btn-primary mt-4" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </div>
  );
}
