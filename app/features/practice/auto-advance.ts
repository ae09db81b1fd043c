import { useSyncExternalStore } from 'react';

const KEY = 'autoAdvance';
const listeners = new Set<() => void>();
/** The choice where storage is off (some private windows): it holds until the page is left. */
let unstored = true;

function isOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return unstored;
  }
}

function subscribe(changed: () => void) {
  listeners.add(changed);
  addEventListener('storage', changed);
  return () => {
    listeners.delete(changed);
    removeEventListener('storage', changed);
  };
}

function setOn(on: boolean) {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    unstored = on;
  }
  for (const changed of listeners) changed();
}

/**
 * Whether practice mode moves on by itself after a check (spec §4: after 1.5 seconds). On unless the
 * student turns it off, to read each explanation at their own pace; the choice is remembered in this browser.
 */
export function useAutoAdvance(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, isOn, () => true), setOn];
}
