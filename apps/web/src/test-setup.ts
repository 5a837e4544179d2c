import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n, loadWholeCatalog } from './lib/i18n';

// Every web test file starts in English, with the texts of every page.
beforeAll(async () => {
  await initI18n('en');
  await loadWholeCatalog();
});

// Vitest runs without globals here, so Testing Library cannot unmount on its own. After each test: unmount,
// drop the globals a test stubbed, and return to English for the next test.
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// jsdom lays nothing out and has no scrolling: scrolling an element into view does nothing here.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
