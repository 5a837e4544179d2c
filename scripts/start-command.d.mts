/** The arguments `npm start` gives node: its flags (V8's, the thread pool's preload), then scripts/start.mjs. */
export function startArguments(): string[];
