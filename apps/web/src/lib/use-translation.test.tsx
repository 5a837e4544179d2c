import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, loadWholeLanguage } from './i18n';
import { Trans, TranslatorProvider, useTranslation } from './use-translation';

function Urgent() {
  const { t } = useTranslation();
  return (
    <p>
      <Trans t={t} i18nKey="help.urgent.emergency" components={{ call911: <a href="tel:911" /> }} />
    </p>
  );
}

function Title() {
  return <h1>{useTranslation().t('shell.language')}</h1>;
}

describe('useTranslation and Trans', () => {
  it('puts the tagged words of a text inside the given element', () => {
    render(<Urgent />);
    expect(screen.getByRole('link', { name: '911' })).toHaveAttribute('href', 'tel:911');
    expect(screen.getByRole('paragraph')).toHaveTextContent('In an emergency, call 911 now.');
  });

  it('renders again in the new language when the language changes', async () => {
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Language');
    await i18n.changeLanguage('sp');
    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
  });

  it('shows a part in another language than the rest of the page', async () => {
    await loadWholeLanguage('sp');
    render(
      <>
        <Title />
        <TranslatorProvider translator={i18n.inLanguage('sp')}>
          <Urgent />
        </TranslatorProvider>
      </>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Language');
    expect(screen.getByRole('link', { name: '911' })).toBeInTheDocument();
    expect(screen.getByRole('paragraph')).toHaveTextContent('En una emergencia');
  });
});
