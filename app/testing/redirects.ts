import { expect } from 'vitest';

/** Where a loader sends the browser, whether it returns its redirect or throws it; anything else fails the test. */
export async function redirectTarget(run: () => unknown): Promise<string | null> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get('location');
}
