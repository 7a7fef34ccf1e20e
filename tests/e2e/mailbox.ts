import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { codeIn, parseMail } from '../helpers/smtp.ts';

/** Where scripts/e2e-server.mjs's local SMTP server drops every message it receives. */
const mailDir = path.join(tmpdir(), `kursa-e2e-mail-${process.env.E2E_PORT ?? '5055'}`);

function mails() {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(path.join(mailDir, f), 'utf8')));
}

/** How many mails have arrived so far (to wait for the next one). */
export function mailCount(): number {
  return mails().length;
}

/** Waits for a mail to `to` after the first `after` mails and returns it. */
export async function nextMailTo(to: string, after: number) {
  let found: ReturnType<typeof mails>[number] | undefined;
  await expect
    .poll(() => {
      found = mails()
        .slice(after)
        .find((m) => m.to.toLowerCase().includes(to.toLowerCase()));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export { codeIn };
