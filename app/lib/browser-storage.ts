/**
 * The browser's localStorage where it may be used. Where it may not (site data blocked, some private
 * windows), reading and writing it throw; values are then kept in memory for as long as the page is open.
 */
const unstored = new Map<string, string>();

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return unstored.get(key) ?? null;
  }
}

/** Stores a value under `key`; null removes it. */
export function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    if (value === null) unstored.delete(key);
    else unstored.set(key, value);
  }
}
