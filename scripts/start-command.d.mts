/** The arguments `npm start` gives node: its V8 flags, then scripts/start.mjs. */
export function startArguments(): string[];
