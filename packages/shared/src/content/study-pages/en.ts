import type { StudyPages } from '../study-pages';
import education from './education.en.json';
import research from './research.en.json';
import supportPrograms from './support-programs.en.json';

export const studyPages: StudyPages = { education, research, supportPrograms };
