import { announceAppFiles } from './app-files';

/**
 * The app's code in stages, one browser task each, so that no single task holds a phone's main thread for long:
 * evaluating the whole module graph at once took a mid-range phone about a quarter of a second, during which a
 * tap or a key press waited. Each stage evaluates the modules it imports that no earlier stage did; between
 * stages the browser paints and answers input. The last stage is the app itself.
 */
const STAGES = [
  () => import('react-dom/client'),
  () => import('../app/theme'),
  () => import('../lib/api-client'),
  () => import('../lib/i18n'),
];

/** Resolves in a later task: what is queued meanwhile (input, paint) runs first. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Announces the app's files, then loads the app stage by stage and resolves its start function. */
export async function loadPortal() {
  await announceAppFiles(document, nextTask);
  for (const stage of STAGES) {
    await stage();
    await nextTask();
  }
  const { startPortal } = await import('./start-portal');
  return startPortal;
}
