import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origin that links in mail (welcome, password reset) start with. PUBLIC_URL wins. Otherwise the
 * client's `baseUrl` (SPEC.md §7) is used only when it names the host the request came to, so
 * nobody can have a genuine reset mail point at their own site; failing that, the request's origin.
 */
export function mailLinkBase(
  config: Pick<Config, 'publicUrl'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  baseUrl: string | undefined,
): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = new URL(`${request.protocol}://${request.host}`).origin;
  if (!baseUrl) return origin;
  try {
    const url = new URL(baseUrl);
    // Compared as origins, so "http://host:80" and "http://host" are the same place.
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(origin).host) {
      return url.origin;
    }
  } catch {
    // not a URL: use the request's origin
  }
  return origin;
}
