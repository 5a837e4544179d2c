import { vi } from 'vitest';

/** For component tests: a screen narrower than the md breakpoint, as a phone's (undo with vi.unstubAllGlobals). */
export function stubPhoneScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    })),
  );
}
