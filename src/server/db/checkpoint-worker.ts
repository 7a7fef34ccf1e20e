// Runs in a worker thread (see database.ts): checkpoints the SQLite WAL into the database file on
// its own connection, so the fsyncs a checkpoint makes never block the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new SqliteDatabase(file, { fileMustExist: true });
// Never wait on a lock: a checkpoint that cannot run now runs on the next tick.
db.pragma('busy_timeout = 0');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another checkpoint running) or closing: try again next time.
  }
}, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
