import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { ApiError } from './api/client';
import { routes } from './routes';
import { SessionProvider } from './session/session';
import { MessageProvider } from './shell/messages';
import { SiteConfigProvider } from './site/site-config';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

function AppRoutes() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SiteConfigProvider>
          <MessageProvider>
            <SessionProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </SessionProvider>
          </MessageProvider>
        </SiteConfigProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

// The offline bar and the new-version prompt (shell/app-status.ts): after the first page, never in its way.
import('./shell/app-status').then(({ startAppStatus }) =>
  startAppStatus(import.meta.env.PROD ? () => import('virtual:pwa-register') : undefined),
);
