import { useSyncExternalStore } from 'react';
import type { SectionKey } from './sections.ts';

/** Which sections have validation messages standing, for the warning icon beside their title. */
let problems: ReadonlySet<SectionKey> = new Set();
const listeners = new Set<() => void>();

export function setSectionProblems(key: SectionKey, has: boolean): void {
  if (problems.has(key) === has) return;
  const next = new Set(problems);
  if (has) next.add(key);
  else next.delete(key);
  problems = next;
  listeners.forEach((listener) => listener());
}

export function useSectionProblems(): ReadonlySet<SectionKey> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => problems,
  );
}
