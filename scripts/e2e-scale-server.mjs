// The installation the scale-out browser test runs against (playwright.scale.config.ts), as the
// docs/deployment.md's scale-out has it: two instances of the production build, started together, behind
// nginx (round robin, no sticky sessions, TRUST_PROXY=true) on one fresh PostgreSQL database
// (made on E2E_DATABASE_URL's server, dropped when this stops), Redis (E2E_REDIS_URL) and an
// S3-compatible store (s3rver), with the fake AI provider of the e2e server. nginx listens on
// E2E_PORT and names the instance that answered each request in the X-Kursa-Upstream header.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, root } from './build-state.mjs';

const port = Number(process.env.E2E_PORT ?? 5180);
const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const pgAdmin = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!buildIsCurrent()) execSync('npm run build', { cwd: root, stdio: 'inherit' });
const work = mkdtempSync(path.join(tmpdir(), 'kursa-scale-'));

const { default: pg } = await import('pg');
const name = `kursa_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const admin = new pg.Client({ connectionString: pgAdmin });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const databaseUrl = new URL(pgAdmin);
databaseUrl.pathname = `/${name}`;

const { startLocalS3 } = await import('../tests/helpers/s3.ts');
const s3 = await startLocalS3();
const { startE2eFakeAi } = await import('./e2e-fake-ai.mjs');
const ai = await startE2eFakeAi(port);
const { freePort, waitForHealth } = await import('../tests/helpers/server-process.ts');
const { serverNodeFlags } = await import('./server-flags.ts');
const instancePorts = [await freePort(), await freePort()];

// Both at once, so they also race for the start-up lock: one migrates and seeds, the other waits.
const instances = instancePorts.map((instancePort, i) =>
  spawn(process.execPath, [...serverNodeFlags(), path.join(root, 'dist', 'server', 'server.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      PATH: process.env.PATH,
      PORT: String(instancePort),
      PUBLIC_URL: `http://localhost:${port}`,
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(work, `instance-${i + 1}`),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      ...s3.env,
      OPENAI_BASE_URL: ai.url,
      AI_MODEL: 'e2e-model',
      SEED_DEMO: 'true',
      CVR_PROVIDER: 'offline',
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_IP_HOUR: '1000',
    },
  }),
);

// nginx as a child of this script, with every file it writes in the work directory.
const nginxDir = path.join(work, 'nginx');
mkdirSync(nginxDir);
const at = (file) => path.join(nginxDir, file);
writeFileSync(
  at('nginx.conf'),
  `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  access_log ${at('access.log')};
  upstream kursa {
${instancePorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    # Uploads stream through to the instance, whatever their size (the app has its own limits).
    client_max_body_size 0;
    proxy_request_buffering off;
    location / {
      proxy_pass http://kursa;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # Server-sent events reach the browser as they are written.
      proxy_buffering off;
      proxy_read_timeout 1h;
      add_header X-Kursa-Upstream $upstream_addr always;
    }
  }
}
`,
);
const nginx = spawn(nginxBinary, ['-p', nginxDir, '-e', at('error.log'), '-c', at('nginx.conf')], { stdio: 'inherit' });

let stopping = false;
const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
async function stop(code) {
  if (stopping) return;
  stopping = true;
  nginx.kill('SIGTERM');
  for (const instance of instances) instance.kill('SIGTERM');
  await Promise.all([nginx, ...instances].map(exited));
  ai.close();
  await s3.close();
  try {
    const client = new pg.Client({ connectionString: pgAdmin });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  } catch (error) {
    console.error(`could not drop the scale-out database: ${error.message}`);
  }
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
for (const [child, what] of [[nginx, 'nginx'], ...instances.map((instance, i) => [instance, `instance ${i + 1}`])]) {
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${what} stopped (${signal ?? `exit ${code}`}); stopping the scale-out installation`);
    void stop(1);
  });
}
nginx.on('error', (error) => {
  console.error(`nginx (${nginxBinary}) could not start: ${error.message}; install it with apt-get install -y nginx-light`);
  void stop(1);
});
await Promise.all(instancePorts.map((p) => waitForHealth(p, 1200)));
