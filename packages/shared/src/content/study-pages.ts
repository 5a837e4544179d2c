import type { Language } from '../constants';

/** The three pages of the shared content screen, in menu order, with their routes. */
export const STUDY_PAGES = [
  { key: 'education', path: '/education' },
  { key: 'research', path: '/research' },
  { key: 'supportPrograms', path: '/support-programs' },
] as const;
export type StudyPageKey = (typeof STUDY_PAGES)[number]['key'];

export function studyPageAt(pathname: string): StudyPageKey | undefined {
  return STUDY_PAGES.find((page) => page.path === pathname)?.key;
}

/** One article of a content page; its id is the same in both languages and is the page's anchor for it. */
export interface StudyArticle {
  id: string;
  title: string;
  /** One or two sentences that answer on their own (the help assistant says them). */
  summary: string;
  paragraphs: string[];
  points?: string[];
}

export interface StudyPage {
  title: string;
  intro: string;
  articles: StudyArticle[];
}

export type StudyPages = Record<StudyPageKey, StudyPage>;

/** Each language's pages are a module of their own, loaded when that language is read. */
export function loadStudyPages(language: Language): Promise<StudyPages> {
  const load = language === 'sp' ? import('./study-pages/sp') : import('./study-pages/en');
  return load.then((module) => module.studyPages);
}
