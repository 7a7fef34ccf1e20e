// `npm start`: builds when there is no current build, then runs the server (API + built client).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, root } from './build-state.mjs';

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
if (!buildIsCurrent()) {
  console.log('Building Kursa (client and server)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist', 'server', 'server.js'));
