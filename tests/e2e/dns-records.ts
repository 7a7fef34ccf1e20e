import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The TXT records scripts/e2e-server.mjs's local DNS server answers, read at every question. */
const recordsFile = path.join(tmpdir(), `kursa-e2e-dns-${process.env.E2E_PORT ?? '5055'}.json`);

/** Publishes a TXT record, as a company would at its DNS provider. */
export function addTxtRecord(name: string, value: string): void {
  const records = existsSync(recordsFile) ? (JSON.parse(readFileSync(recordsFile, 'utf8')) as Record<string, string[]>) : {};
  records[name] = [...(records[name] ?? []), value];
  writeFileSync(recordsFile, JSON.stringify(records));
}
