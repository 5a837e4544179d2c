import type { StudyPages } from '../study-pages';
import education from './education.sp.json';
import research from './research.sp.json';
import supportPrograms from './support-programs.sp.json';

export const studyPages: StudyPages = { education, research, supportPrograms };
