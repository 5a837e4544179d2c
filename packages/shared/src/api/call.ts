export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A call's method and path under the API base (`/common-server`): the server registers the call with them and the
 * web app makes it with them, so the two sides cannot drift apart. A `:name` segment is a path parameter.
 */
export const call = <M extends CallMethod, P extends string>(method: M, path: P) => ({ method, path }) as const;

/** A call's path with each `:name` segment replaced by its value, encoded. */
export const pathOf = (path: string, params: Record<string, string | number>) =>
  path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => encodeURIComponent(String(params[name])));
