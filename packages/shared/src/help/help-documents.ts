import type { HelpTopic } from '../content/help-topics';
import type { LandingContent } from '../content/landing';
import { STUDY_PAGES, type StudyPages } from '../content/study-pages';
import type { HelpDocument } from './help-index';

/** The texts of one language the assistant answers from. */
export interface HelpContent {
  faq: LandingContent['faq'];
  studyPages: StudyPages;
  topics: readonly HelpTopic[];
}

/** The landing page's FAQs, the portal's how-tos and every article of the content pages, each with its page. */
export function helpDocuments({ faq, studyPages, topics }: HelpContent): HelpDocument[] {
  return [
    ...faq.items.map((item) => ({
      id: `faq-${item.id}`,
      source: 'faq' as const,
      path: `/#faq-${item.id}`,
      title: item.question,
      answer: item.answer,
      body: '',
    })),
    ...topics.map((topic) => ({
      id: `portal-${topic.id}`,
      source: 'portal' as const,
      path: topic.path,
      title: topic.question,
      answer: topic.answer,
      body: '',
    })),
    ...STUDY_PAGES.flatMap(({ key, path }) =>
      studyPages[key].articles.map((article) => ({
        id: `${key}-${article.id}`,
        source: key,
        path: `${path}#${article.id}`,
        title: article.title,
        answer: article.summary,
        body: [...article.paragraphs, ...(article.points ?? [])].join('\n'),
      })),
    ),
  ];
}
