import { BLOB_URL_REVOKE_DELAY_MS } from '@portal/shared/constants';

/** A Blob URL released after 10,000,000 ms (about 2.8 hours), long enough for a viewer tab to keep it. */
function temporaryUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_REVOKE_DELAY_MS);
  return url;
}

/** Saves a file to the device under a name. */
export function saveBlob(blob: Blob, fileName: string) {
  const link = document.createElement('a');
  link.href = temporaryUrl(blob);
  link.download = fileName;
  link.click();
}

/** Opens a PDF in a new tab, in the browser's own viewer; if the pop-up is blocked, saves it instead. */
export function openBlob(blob: Blob, fallbackName: string) {
  // Not 'noopener': with it, window.open answers null even when the tab opened, hiding a blocked pop-up.
  const opened = window.open(temporaryUrl(blob), '_blank');
  if (opened) opened.opener = null;
  else saveBlob(blob, fallbackName);
}
