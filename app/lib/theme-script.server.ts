import { THEME_KEY } from './theme.ts';

/**
 * Runs in the document head before the first paint: sets <html data-theme> from the stored choice or the
 * system setting, and follows the system (and other tabs) while no choice is stored.
 */
export const themeScript = `(()=>{const d=document.documentElement,m=matchMedia('(prefers-color-scheme: dark)'),a=()=>{let t;try{t=localStorage.getItem('${THEME_KEY}')}catch{}d.dataset.theme=t==='dark'||t==='light'?t:m.matches?'dark':'light'};a();m.addEventListener('change',a);addEventListener('storage',a)})()`;
