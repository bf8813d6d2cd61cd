import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router';
import { ApiError } from './api/client';
import { routes } from './routes';
import { SessionProvider } from './session/session';
import { getToken } from './session/token-store';
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

/**
 * With a stored session, the page at the opened address starts downloading now, alongside the
 * session's check with the server, instead of after it: the dashboard's chunks then arrive a round
 * trip sooner, and the preload links go in while the page waits for the network rather than inside
 * the render that draws the page (docs/performance.md, "Lighthouse"). Signed out, the guard sends
 * the page to /login: nothing is fetched.
 */
function preloadOpenedPage() {
  if (!getToken()) return;
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    const page = (route.element as { type?: { preload?: () => void } } | undefined)?.type;
    page?.preload?.();
  }
}
preloadOpenedPage();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React then renders in slices of a few milliseconds and lets the
// browser run between them, where a plain first render is one task of the whole tree (MUI's styles
// computed cold), the longest task of a page load on a slow phone (docs/performance.md, "Lighthouse").
startTransition(() =>
  root.render(
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
  ),
);

// The offline bar and the new-version prompt (shell/app-status.ts): after the first page, never in its way.
import('./shell/app-status').then(({ startAppStatus }) =>
  startAppStatus(import.meta.env.PROD ? () => import('virtual:pwa-register') : undefined),
);
