import type { Config } from '../config';

/**
 * The origin that links in mail (welcome, password reset) start with (decision 16, docs/decisions.md):
 * PUBLIC_URL, else http://localhost:{PORT}. Never the request's Host or X-Forwarded-* headers, and
 * never a client's `baseUrl` (it could only ever equal PUBLIC_URL, so it is not read at all): a
 * forged header must not turn a genuine reset mail into a link to someone else's site.
 */
export function mailLinkBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Said at start and on the admin dashboard while PUBLIC_URL is unset. */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'port'>): string | null {
  if (config.publicUrl) return null;
  return (
    `PUBLIC_URL is not set: links in welcome and password-reset mail point to ${mailLinkBase(config)}, ` +
    'which works only on this computer. Set PUBLIC_URL to the address users reach Sheepfold at.'
  );
}
