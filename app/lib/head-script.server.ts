import { THEME_KEY } from './theme.ts';
import { TIME_ZONE_COOKIE } from './time-zone.ts';

/**
 * Sets <html data-theme> from the stored choice or the system setting, and follows the system (and other
 * tabs) while no choice is stored.
 */
const themeScript = `(()=>{const d=document.documentElement,m=matchMedia('(prefers-color-scheme: dark)'),a=()=>{let t;try{t=localStorage.getItem('${THEME_KEY}')}catch{}d.dataset.theme=t==='dark'||t==='light'?t:m.matches?'dark':'light'};a();m.addEventListener('change',a);addEventListener('storage',a)})()`;

/**
 * Writes the browser's time zone into its cookie when it is missing or has changed. It runs on the first
 * page a visitor opens, before they could have signed in.
 */
const timeZoneScript = `try{const c='${TIME_ZONE_COOKIE}='+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);if(!document.cookie.split('; ').includes(c))document.cookie=c+';path=/;max-age=31536000;samesite=lax'+(location.protocol==='https:'?';secure':'')}catch{}`;

/** Runs in the document head before the first paint: the theme, then the time zone cookie. */
export const headScript = `${themeScript};${timeZoneScript}`;
