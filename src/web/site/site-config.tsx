import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { systemContract } from '../../domain/system/contract';
import { DEFAULT_SITE_TITLE, DEFAULT_TERMS, type SiteConfig, type Terms } from '../../domain/terms';
import { call } from '../api/call';
import { route } from '../api/route';
import { SITE_KEY } from '../api/site-key';

// Every page's first call: the contract as a type only (route.ts), so zod is not downloaded for it.
const siteRoute = route<typeof systemContract.site>({ method: 'GET', path: '/site' });

const fallback: SiteConfig = { title: DEFAULT_SITE_TITLE, terms: DEFAULT_TERMS, favicon: '/api/site/favicon' };
const SiteContext = createContext<SiteConfig>(fallback);

/** Title, favicon and terms from the server (SITE_TITLE, SITE_FAVICON, SITE_TERMS). */
export function SiteConfigProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery({
    queryKey: SITE_KEY,
    queryFn: () => call(siteRoute),
    staleTime: Infinity,
  });
  const site = data ?? fallback;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = site.favicon;
  }, [site.favicon]);
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteConfig {
  return useContext(SiteContext);
}

export function useTerms(): Terms {
  return useContext(SiteContext).terms;
}

/** Sets the browser tab title: "{page} · {site title}". */
export function usePageTitle(page: string): void {
  const { title } = useSite();
  useEffect(() => {
    document.title = page ? `${page} · ${title}` : title;
  }, [page, title]);
}
