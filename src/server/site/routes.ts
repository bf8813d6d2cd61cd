import fs from 'node:fs';
import { systemContract as api } from '../../domain/system/contract';
import { DEFAULT_SITE_TITLE, DEFAULT_TERMS, type SiteConfig, type Terms } from '../../domain/terms';
import { type AnyRoute, route } from '../http/routes';

/**
 * Title, favicon and terms come from the environment: SITE_TITLE, SITE_FAVICON (a path to an
 * .svg/.png/.ico file) and SITE_TERMS (JSON such as {"missionary":"Field Worker"}).
 */
export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig & { faviconFile: string | null } {
  let terms: Terms = DEFAULT_TERMS;
  if (env.SITE_TERMS) {
    try {
      terms = { ...DEFAULT_TERMS, ...(JSON.parse(env.SITE_TERMS) as Partial<Terms>) };
    } catch {
      throw new Error('SITE_TERMS must be JSON, for example {"missionary":"Field Worker"}');
    }
  }
  const faviconFile = env.SITE_FAVICON && fs.existsSync(env.SITE_FAVICON) ? env.SITE_FAVICON : null;
  return { title: env.SITE_TITLE || DEFAULT_SITE_TITLE, terms, favicon: '/api/site/favicon', faviconFile };
}

const FAVICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' };

export function siteRoutes(site: ReturnType<typeof readSiteConfig>, defaultFavicon: string): AnyRoute[] {
  return [
    route(api.site, {
      access: 'public',
      handler: async () => ({ title: site.title, terms: site.terms, favicon: site.favicon }),
    }),
    route(api.favicon, {
      access: 'public',
      handler: async (_request, reply) => {
        const file = site.faviconFile ?? defaultFavicon;
        const extension = file.split('.').pop()?.toLowerCase() ?? 'svg';
        reply.header('cache-control', 'public, max-age=3600').type(FAVICON_TYPES[extension] ?? 'image/svg+xml');
        return reply.send(fs.readFileSync(file));
      },
    }),
  ];
}
