import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { Link, MemoryRouter, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('the page failed to render');
}

function TestRoutes() {
  const element = useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/working', element: <p>The working page</p> },
  ]);
  return (
    <>
      {/* Outside the boundary, as the browser's back and forward buttons are. */}
      <Link to="/working">Working page link</Link>
      <RouteErrorBoundary>{element}</RouteErrorBoundary>
    </>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <TestRoutes />
    </MemoryRouter>,
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the route error page, without the failure, when a page cannot render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error there
    renderAt('/broken');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByText('the page failed to render')).not.toBeInTheDocument();
  });

  it('says it in Spanish to a Spanish reader', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('sp');
    renderAt('/broken');
    expect(screen.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeInTheDocument();
  });

  it('renders a page that works once the reader moves on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Working page link' }));
    expect(screen.getByText('The working page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
