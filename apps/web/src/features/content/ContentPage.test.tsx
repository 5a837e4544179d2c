import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import { MemoryRouter } from 'react-router';
import { STUDY_PAGES, loadStudyPages, type StudyPages } from '@portal/shared/content/study-pages';
import ContentPage from './ContentPage';

const loading = vi.hoisted(() => ({ fail: false }));
vi.mock('@portal/shared/content/study-pages', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared/content/study-pages')>();
  return {
    ...actual,
    loadStudyPages: (language: Parameters<typeof actual.loadStudyPages>[0]) =>
      loading.fail ? Promise.reject(new Error('chunk failed')) : actual.loadStudyPages(language),
  };
});

const content: Record<'en' | 'sp', StudyPages> = {} as Record<'en' | 'sp', StudyPages>;

beforeAll(async () => {
  content.en = await loadStudyPages('en');
  content.sp = await loadStudyPages('sp');
  // jsdom lays nothing out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  loading.fail = false;
});

function renderAt(entry: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <main>
          <ContentPage />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const TITLE_KEYS = {
  education: 'pages.education',
  research: 'pages.research',
  supportPrograms: 'pages.supportPrograms',
} as const;

describe.each(['en', 'sp'] as const)('study information in %s', (language) => {
  describe.each(STUDY_PAGES.map((studyPage) => [studyPage.path, studyPage] as const))('%s', (_path, studyPage) => {
    const page = () => content[language][studyPage.key];

    it('has the page title as its one h1 and one h2 per article, in order, without skipped levels', async () => {
      await i18n.changeLanguage(language);
      const { container } = renderAt(studyPage.path);
      expect(await screen.findByRole('heading', { level: 1, name: page().title })).toBeInTheDocument();
      await screen.findByRole('heading', { level: 2, name: page().articles[0]!.title });

      const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
      });

      const h2s = screen.getAllByRole('heading', { level: 2 });
      expect(h2s.map((heading) => heading.textContent)).toEqual(page().articles.map((article) => article.title));
      expect(h2s.map((heading) => heading.id)).toEqual(page().articles.map((article) => article.id));
      for (const heading of h2s) expect(heading).toHaveAttribute('tabindex', '-1');
      expect(document.title).toContain(page().title);
    });

    it('has nothing axe can find against WCAG 2.2 AA', async () => {
      await i18n.changeLanguage(language);
      const { container } = renderAt(studyPage.path);
      await screen.findByRole('heading', { level: 2, name: page().articles[0]!.title });
      const results = await axe.run(container, {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        // jsdom paints nothing; contrast is checked in the browser journeys.
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });

    it('marks the current page in the study information navigation', async () => {
      await i18n.changeLanguage(language);
      renderAt(studyPage.path);
      const nav = screen.getByRole('navigation', { name: i18n.t('content.studyInformation') });
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(STUDY_PAGES.map((other) => other.path));
      for (const other of STUDY_PAGES) {
        const link = within(nav).getByRole('link', { name: i18n.t(TITLE_KEYS[other.key]) });
        if (other.key === studyPage.key) expect(link).toHaveAttribute('aria-current', 'page');
        else expect(link).not.toHaveAttribute('aria-current');
      }
      await screen.findByRole('heading', { level: 2, name: page().articles[0]!.title });
    });

    it('links "on this page" to every article, each link leading to a heading that exists', async () => {
      await i18n.changeLanguage(language);
      const { container } = renderAt(studyPage.path);
      const nav = await screen.findByRole('navigation', { name: i18n.t('content.onThisPage') });
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(page().articles.map((article) => article.title));
      for (const link of links) {
        const href = link.getAttribute('href')!;
        expect(href.startsWith(`${studyPage.path}#`)).toBe(true);
        const target = container.querySelector(`[id="${href.split('#')[1]}"]`);
        expect(target?.tagName).toBe('H2');
        expect(target).toHaveTextContent(link.textContent!);
      }
    });

    it('shows each article with its summary, paragraphs and points, and the medical-advice note', async () => {
      await i18n.changeLanguage(language);
      const { container } = renderAt(studyPage.path);
      await screen.findByText(page().intro);
      expect(screen.getByRole('note')).toHaveTextContent(i18n.t('content.medicalNote'));
      for (const article of page().articles) {
        const section = screen.getByRole('region', { name: article.title });
        expect(within(section).getByText(article.summary)).toBeInTheDocument();
        for (const paragraph of article.paragraphs) expect(within(section).getByText(paragraph)).toBeInTheDocument();
        const items = within(section).queryAllByRole('listitem');
        expect(items.map((item) => item.textContent)).toEqual(article.points ?? []);
      }
      expect(container.querySelectorAll('section')).toHaveLength(page().articles.length);
    });
  });

  it('brings the article in the address into view and focuses its heading', async () => {
    await i18n.changeLanguage(language);
    const article = content[language].education.articles.find((item) => item.id === 'hemodialysis')!;
    renderAt('/education#hemodialysis');
    const heading = await screen.findByRole('heading', { level: 2, name: article.title });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading.scrollIntoView).toHaveBeenCalled();
  });

  it('focuses an article followed from "on this page"', async () => {
    await i18n.changeLanguage(language);
    const [, second] = content[language].research.articles;
    renderAt('/research');
    const nav = await screen.findByRole('navigation', { name: i18n.t('content.onThisPage') });
    await userEvent.click(within(nav).getByRole('link', { name: second!.title }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: second!.title })).toHaveFocus());
  });
});

describe('loading and language', () => {
  it('shows a spinner, then follows a change of language', async () => {
    await i18n.changeLanguage('en');
    renderAt('/support-programs');
    expect(screen.getByRole('progressbar', { name: i18n.t('common.loading') })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: content.en.supportPrograms.title }),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('sp'));
    expect(
      await screen.findByRole('heading', { level: 2, name: content.sp.supportPrograms.articles[0]!.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(content.sp.supportPrograms.title);
  });

  it('says so when the content cannot be loaded', async () => {
    await i18n.changeLanguage('sp');
    loading.fail = true;
    renderAt('/education');
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('content.loadFailed'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.t('pages.education'));
    loading.fail = false;
    await userEvent.click(screen.getByRole('button', { name: i18n.t('common.retry') }));
    expect(
      await screen.findByRole('heading', { level: 2, name: content.sp.education.articles[0]!.title }),
    ).toBeInTheDocument();
  });
});
