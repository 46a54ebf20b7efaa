import type { Config, SiteName } from '../config.ts';
import { siteNames } from '../config.ts';

/** Locally each site has its own port: LIDO_PORT + offset (offset 3 is the sandbox card provider). */
export const sitePortOffset: Record<SiteName, number> = {
  bookings: 0,
  'my-account': 1,
  'online-joining': 2,
};
export const sandboxPortOffset = 3;

interface HostParts {
  hostname: string;
  port: number | undefined;
}

export function parseHost(host: string | undefined): HostParts | undefined {
  if (!host) return undefined;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!match?.[1]) return undefined;
  return { hostname: match[1], port: match[2] ? Number(match[2]) : undefined };
}

/**
 * Which site a request is for. With configured site URLs the `Host` header decides; locally the port
 * the request arrived on decides (falling back to the port in `Host`, which is what tests inject).
 */
export function resolveSite(
  config: Config,
  host: string | undefined,
  localPort: number | undefined,
): SiteName | undefined {
  if (config.siteOrigins) {
    const parts = parseHost(host);
    if (!parts) return undefined;
    return siteNames.find((site) => {
      const origin = new URL(config.siteOrigins![site]);
      return origin.hostname === parts.hostname;
    });
  }
  const portOf = (port: number | undefined) =>
    siteNames.find((site) => port !== undefined && config.port + sitePortOffset[site] === port);
  return portOf(localPort) ?? portOf(parseHost(host)?.port);
}

/**
 * The sites' origins for links that leave the page, such as those in emails: the configured ones
 * (required in production), or locally each site's port on localhost. Never taken from a request:
 * its `Host` (or `X-Forwarded-Host`) is whatever the sender typed.
 */
export function publicSiteOrigins(config: Config): Record<SiteName, string> {
  if (config.siteOrigins) return config.siteOrigins;
  return Object.fromEntries(
    siteNames.map((site) => [site, `http://localhost:${config.port + sitePortOffset[site]}`]),
  ) as Record<SiteName, string>;
}

/**
 * The public origin of every site, as the browser on this page should reach it (its own pages and
 * calls, which the browser checks against the address it used); not for emails, see above.
 */
export function siteOriginsFor(
  config: Config,
  host: string | undefined,
  protocol: string,
): Record<SiteName, string> {
  if (config.siteOrigins) return config.siteOrigins;
  const hostname = parseHost(host)?.hostname ?? 'localhost';
  const origins = {} as Record<SiteName, string>;
  for (const site of siteNames) {
    origins[site] = `${protocol}://${hostname}:${config.port + sitePortOffset[site]}`;
  }
  return origins;
}
