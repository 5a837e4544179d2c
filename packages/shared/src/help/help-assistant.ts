import type { Language } from '../constants';
import { helpDocuments, type HelpContent } from './help-documents';
import { createHelpIndex, type HelpMatch } from './help-index';
import { HELP_SYNONYMS } from './synonyms';
import { soundsUrgent } from './urgent';

/**
 * Below this share of the question covered, or this score, the assistant says it does not know rather than
 * guess. Measured on real questions: the weakest good answer scores about 1.9, the strongest off-topic one 0.3.
 */
export const MIN_CONFIDENCE = 0.25;
const MIN_SCORE = 1;
/** Further answers are offered only when they score at least this share of the best one. */
const RELATED_SHARE = 0.6;
const MAX_ANSWERS = 3;

export interface HelpReply {
  /** The question sounds like an emergency or a crisis: where to get help at once comes first. */
  urgent: boolean;
  /** The best answer first; none when the assistant does not know. */
  matches: HelpMatch[];
}

/** The help assistant of one language: answers a question from the FAQ, the how-tos and the content pages. */
export function createHelpAssistant(language: Language, content: HelpContent) {
  const index = createHelpIndex(helpDocuments(content), language, HELP_SYNONYMS[language]);
  return {
    reply(question: string): HelpReply {
      const urgent = soundsUrgent(question, language);
      // An answer must cover enough of the question, and say something of it in its title or short answer: a
      // word met only deep in a long article ("night" in the dialysis schedule) is not what was asked about.
      const answering = index
        .search(question, MAX_ANSWERS + 5)
        .filter((match) => match.confidence >= MIN_CONFIDENCE && match.score >= MIN_SCORE && match.anchored);
      const best = answering[0];
      if (!best) return { urgent, matches: [] };
      const matches = answering.filter((match) => match.score >= best.score * RELATED_SHARE).slice(0, MAX_ANSWERS);
      return { urgent, matches };
    },
  };
}
export type HelpAssistant = ReturnType<typeof createHelpAssistant>;
