/// <reference types="vite/client" />

/** The Spanish texts of the captcha widget register themselves; the module exports nothing. */
declare module 'altcha/i18n/es-419';
