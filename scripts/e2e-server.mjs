// The server the browser tests run against: the production build on a fresh, temporary SQLite
// database with the demo company seeded and the offline CVR registry. With E2E_DATABASE_URL (a
// PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres) it runs on a fresh
// PostgreSQL database made there instead, dropped when the server stops.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, root } from './build-state.mjs';
import { serverNodeFlags } from './server-flags.ts';

const port = process.env.E2E_PORT ?? '5055';
if (!buildIsCurrent()) execSync('npm run build', { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-e2e-'));

const pgAdmin = process.env.E2E_DATABASE_URL;
let databaseUrl;
let dropDatabase = async () => {};
if (pgAdmin) {
  const { default: pg } = await import('pg');
  const name = `kursa_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgAdmin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: pgAdmin });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

// A local SMTP server that drops every message (confirmation codes, links) as a file into a
// directory the specs know (tests/e2e/mailbox.ts reads it): mail in the browser tests is real SMTP.
const mailDir = path.join(tmpdir(), `kursa-e2e-mail-${port}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const { startTestSmtp } = await import('../tests/helpers/smtp.ts');
const smtp = await startTestSmtp({ dir: mailDir });

// DNS for companies' own domains: a local server answering the TXT records the specs write to a
// file (tests/e2e/dns-records.ts), so the product's resolver code asks real DNS questions.
const dnsRecords = path.join(tmpdir(), `kursa-e2e-dns-${port}.json`);
rmSync(dnsRecords, { force: true });
const { startTestDns } = await import('../tests/helpers/dns.ts');
const dns = await startTestDns({ recordsFile: dnsRecords });

// The AI provider: the fake OpenAI-compatible server, scripted by the specs (tests/e2e/fake-ai.ts).
const { startE2eFakeAi } = await import('./e2e-fake-ai.mjs');
const ai = await startE2eFakeAi(port);
// Payments: the fake Stripe the API tests use, with the official stripe library
// pointed at it; its checkout page's Pay button sends the signed events to the app's webhook.
const stripeWebhookSecret = 'whsec_e2e_kursa';
const { FakeStripe } = await import('../tests/helpers/fake-stripe.ts');
const stripe = await new FakeStripe({
  webhookSecret: stripeWebhookSecret,
  deliver: async (payload, signature) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    return { status: res.status, body: await res.text() };
  },
}).start();
const server = spawn(process.execPath, [...serverNodeFlags(), path.join(root, 'dist', 'server', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    PATH: process.env.PATH,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    SEED_DEMO: 'true',
    CVR_PROVIDER: 'offline',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    // The periodic notifications (a Monday's weekly summary to every admin) would put mails the
    // specs do not expect in front of those they read; the notification specs make their events.
    NOTIFICATIONS_SCAN_INTERVAL_MS: '86400000',
    DNS_SERVERS: dns.server,
    // The specs' OpenID provider (tests/helpers/oidc-provider.ts) listens on http://127.0.0.1.
    SSO_ALLOW_HTTP_ISSUERS: 'true',
    // The webhook spec's receiver listens on http://127.0.0.1 (tests/e2e/webhooks.spec.ts).
    OUTBOUND_ALLOW_PRIVATE_URLS: 'true',
    MAIL_FROM: 'Kursa <no-reply@kursa.example>',
    // The contact form's requests are mailed here (tests/e2e/contact.spec.ts reads them).
    SALES_EMAIL: 'salg@kursa.example',
    OPENAI_BASE_URL: ai.url,
    AI_MODEL: 'e2e-model',
    // The fake answers POST /v1/images/generations with a PNG (the creator's media step).
    AI_IMAGE_MODEL: 'e2e-image',
    // Every spec registers its companies from 127.0.0.1: the default 20 an hour is one suite's worth.
    REGISTRATIONS_PER_IP_HOUR: '1000',
    // A spec may stand for a visitor at an address of its own (X-Forwarded-For), as a load
    // balancer passes it on; without the header a request's address is the socket's, as before.
    TRUST_PROXY: 'true',
    ...{
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_API_URL: stripe.url,
      INVOICE_SELLER_NAME: 'Kursa ApS',
      INVOICE_SELLER_CVR: '12345678',
      INVOICE_SELLER_ADDRESS: 'Åboulevarden 1, 8000 Aarhus C',
    },
  },
});
const cleanup = () => {
  smtp.close();
  void dns.close();
  rmSync(dnsRecords, { force: true });
  void stripe.stop();
  ai.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  dropDatabase().then(
    () => process.exit(code ?? 0),
    (error) => {
      console.error(`could not drop the e2e database: ${error.message}`);
      process.exit(code ?? 1);
    },
  );
});
