/** `CHROMIUM_PATH`, else Chromium's headless shell, else the full browser; undefined when none is installed. */
export function journeyChromium(): string | undefined;
