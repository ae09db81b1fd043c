import { useSyncExternalStore } from 'react';
import { readStored, store } from '../../lib/browser-storage.ts';

const KEY = 'autoAdvance';
const listeners = new Set<() => void>();

function isOn(): boolean {
  return readStored(KEY) !== 'off';
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
  store(KEY, on ? null : 'off');
  for (const changed of listeners) changed();
}

/**
 * Whether practice mode moves on by itself after a check (spec §4: after 1.5 seconds). On unless the
 * student turns it off, to read each explanation at their own pace; the choice is remembered in this browser.
 */
export function useAutoAdvance(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, isOn, () => true), setOn];
}
