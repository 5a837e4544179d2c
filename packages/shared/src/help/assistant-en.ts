import landing from '../content/landing/en.json';
import helpTopics from '../content/help-topics/en.json';
import { studyPages } from '../content/study-pages/en';
import { createHelpAssistant } from './help-assistant';

export const assistant = createHelpAssistant('en', { faq: landing.faq, studyPages, topics: helpTopics.topics });
