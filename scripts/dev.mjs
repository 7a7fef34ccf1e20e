// `npm run dev`: the API with reload on change (tsx watch, port 5000) and Vite's dev server with
// hot reload at http://localhost:5173, which proxies /api to the API.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-state.mjs';

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/server.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
