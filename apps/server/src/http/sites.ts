import type { Config, SiteName, SiteOrigins } from '../config.ts';
import { siteNames } from '../config.ts';

/**
 * Locally each site has its own port: LIDO_PORT + offset (3 is the sandbox card provider, 4 the
 * sandbox Direct Debit provider, so the staff site takes 5).
 */
export const sitePortOffset: Record<SiteName, number> = {
  bookings: 0,
  'my-account': 1,
  'online-joining': 2,
  'front-of-house': 5,
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
      const configured = config.siteOrigins![site];
      return configured !== undefined && new URL(configured).hostname === parts.hostname;
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
export function publicSiteOrigins(config: Config): SiteOrigins {
  if (config.siteOrigins) return config.siteOrigins;
  const base = config.devSitePort ?? config.port;
  return Object.fromEntries(
    siteNames.map((site) => [site, `http://localhost:${base + sitePortOffset[site]}`]),
  ) as SiteOrigins;
}

/**
 * With `npm run dev`, Vite serves the sites on LIDO_DEV_SITE_PORT and the next two ports and proxies
 * their calls here, keeping the `Host` the browser used: a request whose `Host` names one of those
 * ports came through Vite, so its sites are Vite's (decision 0026).
 */
function devSitePortBase(config: Config, port: number | undefined): number | undefined {
  const base = config.devSitePort;
  if (base === undefined || port === undefined) return undefined;
  return Object.values(sitePortOffset).some((offset) => base + offset === port) ? base : undefined;
}

/** Every origin the sites may be opened on locally: each site's port, and Vite's under `npm run dev`. */
export function localSiteOrigins(config: Config, hostnames: string[]): string[] {
  const bases = config.devSitePort === undefined ? [config.port] : [config.port, config.devSitePort];
  return bases.flatMap((base) =>
    hostnames.flatMap((host) => siteNames.map((site) => `http://${host}:${base + sitePortOffset[site]}`)),
  );
}

/**
 * The public origin of every site, as the browser on this page should reach it (its own pages and
 * calls, which the browser checks against the address it used); not for emails, see above.
 */
export function siteOriginsFor(config: Config, host: string | undefined, protocol: string): SiteOrigins {
  if (config.siteOrigins) return config.siteOrigins;
  const parts = parseHost(host);
  const hostname = parts?.hostname ?? 'localhost';
  const base = devSitePortBase(config, parts?.port) ?? config.port;
  const origins = {} as Record<SiteName, string>;
  for (const site of siteNames) {
    origins[site] = `${protocol}://${hostname}:${base + sitePortOffset[site]}`;
  }
  return origins;
}
