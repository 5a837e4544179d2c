import { lazyPackage } from './lazy-package';

/** pdf-lib (consent forms and signed copies), loaded on first use. */
export const pdfLib = lazyPackage<typeof import('@cantoo/pdf-lib')>('@cantoo/pdf-lib');
