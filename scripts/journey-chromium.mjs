// The Chromium the browser journeys run in, for `npm test` and for Playwright started directly.
import { existsSync } from 'node:fs';

/**
 * `CHROMIUM_PATH`, else Chromium's headless shell (the browser's engine without its window layer, about a fifth
 * less work per journey), else the full browser; undefined when none is installed.
 */
export function journeyChromium() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(
    (candidate) => candidate && existsSync(candidate),
  );
}
