import { Resolver } from 'node:dns/promises';

/** The TXT records at a name, each as one string (its chunks joined); none when the name has none. */
export type TxtLookup = (name: string) => Promise<string[]>;

/** Answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

export class DnsLookupError extends Error {
  override readonly name = 'DnsLookupError';
}

/** TXT records through node's resolver: the given servers (host or host:port), else the system's. */
export function txtLookup(servers: string[] | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers?.length) resolver.setServers(servers);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw new DnsLookupError(`TXT ${name}: ${(error as Error).message}`, { cause: error });
    }
  };
}
