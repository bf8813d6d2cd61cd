import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { ApiError } from './api/client';
import { zodWithoutEval } from './api/zod-without-eval';
import { routes } from './routes';
import { SessionProvider } from './session/session';
import { MessageProvider } from './shell/messages';
import { createStyleCache, keepStyles } from './shell/style-cache';
import { SiteConfigProvider } from './site/site-config';
import { theme } from './theme';

zodWithoutEval();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

// The build's own address names the version of its styles (shell/style-cache.ts).
const styleVersion = import.meta.url;
const styleCache = createStyleCache(styleVersion);
keepStyles(styleCache, styleVersion);

function AppRoutes() {
  return useRoutes(routes);
}

// The first render as a transition: React renders in slices, yielding to the browser between them,
// where a plain render is one long task (docs/performance.md, "The dashboard's first load").
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <CacheProvider value={styleCache}>
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
      </CacheProvider>
    </StrictMode>,
  ),
);

// The offline bar and the new-version prompt (shell/app-status.ts): after the first page, never in its way.
import('./shell/app-status').then(({ startAppStatus }) =>
  startAppStatus(import.meta.env.PROD ? () => import('virtual:pwa-register') : undefined),
);
