// `npm start`: builds when there is no current build, then runs the server (API + built client).
// package.json starts this script with the server's Node options (--max-semi-space-size=1: V8's
// young generation stays at 1 MB a half instead of growing to the machine's ceiling during start-up
// and keeping that memory; decisions/035-idle-memory.md). The server is imported into this process,
// so they are its own; a server started any other way needs the same options.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, root } from './build-state.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Kursa needs Node 24 LTS or newer; this is Node ${process.versions.node}.\n` +
      'Install Node 24, or run ". scripts/node24.sh" in this shell to fetch it from the npm registry, then try again.',
  );
  process.exit(1);
}

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
if (!buildIsCurrent()) {
  console.log('Building Kursa (client and server)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist', 'server', 'server.js'));
