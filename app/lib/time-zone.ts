import { useRouteLoaderData } from 'react-router';
import { knownTimeZone } from '../../shared/dates.ts';
import type { loader as rootLoader } from '../root.tsx';

/** The cookie in which the browser names its time zone, so signed-in pages show dates as the student lives them. */
export const TIME_ZONE_COOKIE = 'tz';

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`);

/** The zone a request's cookie names, or UTC. */
export function timeZoneOf(request: Request): string {
  const value = COOKIE_VALUE.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!value) return 'UTC';
  try {
    return knownTimeZone(decodeURIComponent(value));
  } catch {
    return 'UTC';
  }
}

/** The signed-in student's time zone, as the server read it for this page; UTC for visitors. */
export function useTimeZone(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.user?.timeZone ?? 'UTC';
}
