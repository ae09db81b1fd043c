import { useLocation } from 'react-router';

/**
 * The catalogue could not be read: say so and offer a reload, as spec §8 asks. The reload is a form of the
 * page's own address and search, so it works before and without the page's scripts (decision 0021).
 */
export function LoadFailed({ message }: { message: string }) {
  const { pathname, search } = useLocation();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-900">{message}</p>
      <form method="get" action={pathname}>
        {Array.from(new URLSearchParams(search), ([name, value], index) => (
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-primary mt-4">
          Try Again
        </button>
      </form>
    </div>
  );
}
