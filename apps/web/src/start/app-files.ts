/** The id of the inert `<template>` in which the build lists the app's files as `modulepreload` links. */
export const APP_FILES_ID = 'app-files';

/**
 * Links moved into the document per task. Each one starts a download, which cost a phone's main thread about 3 ms
 * (70 links took 219 ms with the CPU 4x slower); a few at a time keep every task well under the 50 ms that delays
 * a tap.
 */
export const LINKS_PER_TASK = 4;

/**
 * Announces the app's files to the browser once the page has painted: moves the links of the build's inert
 * template into the document's head, LINKS_PER_TASK per task (`nextTask` waits for the next one). The files then
 * download side by side instead of one import after another, and Vite's loader, finding each one announced, adds no
 * links of its own. A page without the template (the development server) has nothing to announce.
 */
export async function announceAppFiles(doc: Document, nextTask: () => Promise<void>) {
  const template = doc.getElementById(APP_FILES_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const links = [...template.content.children];
  template.remove();
  for (let start = 0; start < links.length; start += LINKS_PER_TASK) {
    doc.head.append(...links.slice(start, start + LINKS_PER_TASK));
    await nextTask();
  }
}
