import landing from '../content/landing/sp.json';
import helpTopics from '../content/help-topics/sp.json';
import { studyPages } from '../content/study-pages/sp';
import { createHelpAssistant } from './help-assistant';

export const assistant = createHelpAssistant('sp', { faq: landing.faq, studyPages, topics: helpTopics.topics });
