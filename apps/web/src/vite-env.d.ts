/// <reference types="vite/client" />

/** The Spanish texts of the captcha widget register themselves; the module exports nothing. */
declare module 'altcha/i18n/es-419';

/** A part of a language's texts, served by the catalog-parts plugin (vite.config.ts). */
declare module 'virtual:catalog/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
