/** What a private page's guard passes to the sign-in page, in the router's state: where to go once signed in. */
export interface ReturnState {
  from: string;
}

/** The path (with its query) of `location`, as a guard records it for the sign-in page to come back to. */
export const returnStateOf = (location: { pathname: string; search: string }): ReturnState => ({
  from: `${location.pathname}${location.search}`,
});

/**
 * Where to go after signing in, from the router state the guard left: only a path of this portal (starting with one
 * `/`, no `//` or `/\` that a browser would take for another host, no control character, not the sign-in page
 * itself); anything else answers undefined, and the caller goes to its usual page.
 */
export function returnPathOf(state: unknown): string | undefined {
  const from = (state as Partial<ReturnState> | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\\]/.test(from) || from.startsWith('/login-patient')) return undefined;
  return from;
}
