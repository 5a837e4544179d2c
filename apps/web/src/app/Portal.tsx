import { StrictMode, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session';
import { theme } from './theme';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * The whole portal around its routes (`children`): in the browser's router, or in a memory router when a page is
 * pre-rendered at build time. Both render this same tree, so the pre-rendered HTML is what the browser's first
 * render produces.
 */
export function Portal({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      {/* The system's provider: Material's own also carries the CSS-variables provider, which this theme never uses. */}
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
