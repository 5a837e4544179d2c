import { lazyNamed } from '../lazy-named';

/** Parts of the shell only a signed-in user sees: their code loads once someone signs in, never on a public page. */
export const ProfileMenu = lazyNamed(() => import('./ProfileMenu'), 'ProfileMenu');
export const IdlePrompt = lazyNamed(() => import('./IdlePrompt'), 'IdlePrompt');
export const SurveyNotice = lazyNamed(() => import('../../features/surveys/components/SurveyNotice'), 'SurveyNotice');
