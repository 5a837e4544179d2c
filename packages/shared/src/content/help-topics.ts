/** How to do things in the portal, for the help assistant: each with the page where it is done. */
export interface HelpTopic {
  id: string;
  /** The portal page that answers, e.g. `/profile-settings?tab=consent`. */
  path: string;
  question: string;
  answer: string;
}
