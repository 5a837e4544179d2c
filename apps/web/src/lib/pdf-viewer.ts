import { pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PageSize } from '@portal/shared/health-systems/consent-form-settings';

// Every PDF view of the portal goes through this module, so pdf.js gets its worker once (in the lazy chunks only).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { Document, Page } from 'react-pdf';

type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;

/**
 * Each page's size in points as displayed: the visible box (CropBox) at scale 1, its sides swapped when the page
 * is rotated a quarter turn. Field places are measured from this page's top-left corner.
 */
export async function pageSizesOf(document: PdfDocument): Promise<PageSize[]> {
  const sizes: PageSize[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const { width, height } = (await document.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width, height });
  }
  return sizes;
}
