import { withWholeCatalog } from '../../lib/i18n';
import { lazyNamed } from '../lazy-named';

/**
 * Parts of the shell only a signed-in user sees: their code and every text load once someone signs in, never on a
 * public page.
 */
export const ProfileMenu = lazyNamed(() => withWholeCatalog(import('./ProfileMenu')), 'ProfileMenu');
/** A participant's way to Messages in the header, with the unread count. */
export const MessagesLink = lazyNamed(
  () => withWholeCatalog(import('../../features/inbox/components/MessagesLink')),
  'MessagesLink',
);
export const IdlePrompt = lazyNamed(() => withWholeCatalog(import('./IdlePrompt')), 'IdlePrompt');
export const SurveyNotice = lazyNamed(
  () => withWholeCatalog(import('../../features/surveys/components/SurveyNotice')),
  'SurveyNotice',
);
/** A staff member's "Confirm it's you" dialog, which answers the server's step-up refusals of any call. */
export const StepUpPrompt = lazyNamed(
  () => withWholeCatalog(import('../../components/second-factor/StepUpPrompt')),
  'StepUpPrompt',
);
