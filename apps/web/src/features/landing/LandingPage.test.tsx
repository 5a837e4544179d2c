import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { MemoryRouter } from 'react-router';
import LandingPage from './LandingPage';
import { preloadLandingContent } from './content';

// Loaded before the tests, so the page renders its texts at once, as after its route has loaded them.
const landingContent = { en: await preloadLandingContent('en'), sp: await preloadLandingContent('sp') };

function renderPage() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe.each(['en', 'sp'] as const)('landing page in %s', (language) => {
  const content = landingContent[language];

  it('has one h1, then h2 and h3 headings without skipped levels', async () => {
    await i18n.changeLanguage(language);
    const { container } = renderPage();
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(content.hero.title);
    expect(document.title).toContain(content.meta.title);
  });

  it('links the calls to action to registration and login', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    for (const link of screen.getAllByRole('link', { name: content.hero.join }))
      expect(link).toHaveAttribute('href', '/register-patient');
    for (const link of screen.getAllByRole('link', { name: content.hero.login }))
      expect(link).toHaveAttribute('href', '/login-patient');
  });

  it('names every section by its heading and shows every FAQ as a button', async () => {
    await i18n.changeLanguage(language);
    const { container } = renderPage();
    for (const section of container.querySelectorAll('section')) {
      const id = section.getAttribute('aria-labelledby');
      expect(id && container.querySelector(`#${id}`)).toBeTruthy();
    }
    const faq = screen.getByRole('region', { name: content.faq.heading });
    for (const item of content.faq.items)
      expect(within(faq).getByRole('button', { name: item.question })).toBeVisible();
  });

  it('opens and closes an FAQ answer with its question’s button', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    const [item] = content.faq.items;
    const question = screen.getByRole('button', { name: item!.question });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: item!.question })).not.toBeInTheDocument();
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: item!.question })).toHaveTextContent(item!.answer);
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(item!.answer)).not.toBeVisible();
  });

  it('shows press dates as MM/DD/YYYY and expands a summary on request', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    const [first] = content.media.items;
    const [year, month, day] = first!.date.split('-');
    expect(screen.getByText(`${month}/${day}/${year}`)).toBeInTheDocument();
    const [button] = screen.getAllByRole('button', { name: content.media.readMore });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button!);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveTextContent(content.media.showLess);
    expect(screen.getByText(first!.details)).toBeVisible();
  });

  it('gives every sponsor logo its organisation name as alternative text', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    for (const tier of content.sponsors.tiers)
      for (const sponsor of tier.sponsors) expect(screen.getByRole('img', { name: sponsor.name })).toBeInTheDocument();
  });
});
