// localStorage (or, per tab, sessionStorage) that never throws (private modes, full quota, no
// window in tests).
type Area = 'local' | 'session';

const storage = (area: Area) => (area === 'local' ? globalThis.localStorage : globalThis.sessionStorage);

export function readStored(key: string, area: Area = 'local'): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null, area: Area = 'local'): void {
  try {
    if (value === null) storage(area)?.removeItem(key);
    else storage(area)?.setItem(key, value);
  } catch {
    // Storage is a convenience: the in-memory state still holds the value for this visit.
  }
}
