import { isReservedSubdomain, isValidSubdomain } from '../../shared/validation/subdomain.ts';

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * Where company sites live: `{subdomain}.{host of PUBLIC_URL}`, same protocol and port. A loopback
 * IP cannot have subdomains, so with PUBLIC_URL on 127.0.0.1 or ::1 the sites live under
 * `localhost` on the same port (browsers resolve `*.localhost` to loopback).
 */
export class SiteUrls {
  readonly protocol: string;
  /** The host sites hang under, with its port: `localhost:5000`, `kursa.dk`. */
  readonly host: string;
  readonly publicOrigin: string;

  constructor(publicUrl: string) {
    const url = new URL(publicUrl);
    this.protocol = url.protocol;
    this.publicOrigin = url.origin;
    const hostname = LOOPBACK_IPS.has(url.hostname) ? 'localhost' : url.hostname;
    this.host = url.port ? `${hostname}:${url.port}` : hostname;
  }

  site(subdomain: string): string {
    return `${this.protocol}//${subdomain}.${this.host}`;
  }

  course(subdomain: string, slug: string): string {
    return `${this.site(subdomain)}/courses/${encodeURIComponent(slug)}`;
  }

  /** A page on the main site (PUBLIC_URL's origin). */
  main(path = '/'): string {
    return `${this.publicOrigin}${path}`;
  }

  /**
   * The company subdomain a request's Host names, or undefined when the request is for the main
   * site (or for a name no company can hold: several labels, a reserved word, a bad shape).
   */
  subdomainOf(hostHeader: string | undefined): string | undefined {
    if (!hostHeader) return undefined;
    const host = hostHeader.toLowerCase().replace(/\.(?=:|$)/, '');
    const suffix = `.${this.host}`;
    if (!host.endsWith(suffix)) return undefined;
    const label = host.slice(0, -suffix.length);
    if (!isValidSubdomain(label) || isReservedSubdomain(label)) return undefined;
    return label;
  }
}
