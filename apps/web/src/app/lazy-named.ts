import { lazy, type ComponentType } from 'react';

/** A component loaded on demand from a module's named export (React's `lazy` wants a default one). */
export const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
