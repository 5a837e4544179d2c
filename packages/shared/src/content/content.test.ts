import { describe, expect, it } from 'vitest';
import helpTopicsEn from './help-topics/en.json';
import helpTopicsSp from './help-topics/sp.json';
import landingEn from './landing/en.json';
import landingSp from './landing/sp.json';
import { STUDY_PAGES } from './study-pages';
import { studyPages as studyPagesEn } from './study-pages/en';
import { studyPages as studyPagesSp } from './study-pages/sp';

type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

/** Every path in a JSON value, e.g. `faq.items[0].question`, with arrays listed by index. */
function keyPaths(value: Json, prefix = ''): string[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`))];
  if (value !== null && typeof value === 'object')
    return [
      prefix,
      ...Object.entries(value).flatMap(([key, item]) => keyPaths(item, prefix ? `${prefix}.${key}` : key)),
    ];
  return [`${prefix}:${typeof value}`];
}

/** Every string leaf with its path. */
function strings(value: Json, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, prefix ? `${prefix}.${key}` : key));
  return [];
}

const contentFiles = {
  landing: [landingEn, landingSp],
  'study pages': [studyPagesEn, studyPagesSp],
  'help topics': [helpTopicsEn, helpTopicsSp],
} as unknown as Record<string, [Json, Json]>;

describe.each(Object.entries(contentFiles))('%s content', (_name, [en, sp]) => {
  it('has the same key structure in English and Spanish', () => {
    expect(keyPaths(sp)).toEqual(keyPaths(en));
  });

  it('contains no empty strings', () => {
    for (const content of [en, sp]) expect(strings(content).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('is really translated: the Spanish texts differ from the English ones except names, ids, dates and paths', () => {
    const spanish = new Map(strings(sp));
    const same = strings(en).filter(([path, text]) => spanish.get(path) === text);
    const allowed = /(\.id|\.date|\.name|\.path)$/;
    expect(same.map(([path]) => path).filter((path) => !allowed.test(path))).toEqual([]);
  });
});

describe('study pages', () => {
  it('give each article one id, the same in both languages, usable as an anchor', () => {
    const ids = (pages: typeof studyPagesEn) =>
      STUDY_PAGES.flatMap(({ key }) => pages[key].articles.map((article) => article.id));
    expect(ids(studyPagesSp)).toEqual(ids(studyPagesEn));
    expect(new Set(ids(studyPagesEn)).size).toBe(ids(studyPagesEn).length);
    for (const id of ids(studyPagesEn)) expect(id).toMatch(/^[a-z][a-z0-9-]+$/);
  });

  it('have real content: several articles per page, each with a summary and paragraphs', () => {
    for (const pages of [studyPagesEn, studyPagesSp])
      for (const { key } of STUDY_PAGES) {
        expect(pages[key].articles.length).toBeGreaterThanOrEqual(5);
        for (const article of pages[key].articles) {
          expect(article.summary.length).toBeGreaterThan(40);
          expect(article.paragraphs.length).toBeGreaterThanOrEqual(2);
        }
      }
  });
});

describe('help topics', () => {
  it('point to pages of the portal', () => {
    const paths = ['/register-patient', '/login-patient', '/forgot-password', '/dashboard', '/survey', '/contact-us'];
    for (const topic of helpTopicsEn.topics)
      expect(paths.includes(topic.path) || topic.path.startsWith('/profile-settings')).toBe(true);
  });
});
