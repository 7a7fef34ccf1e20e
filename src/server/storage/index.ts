import path from 'node:path';
import type { Env } from '../env.ts';
import { DiskStorage } from './disk.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export type { ByteRange, Storage } from './storage.ts';
export { newStorageKey, StorageNotFoundError } from './storage.ts';

/** The store the environment names: S3 when the S3_* set is given (env.ts checks all or none), else the disk. */
export function createStorage(env: Env): Storage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return new DiskStorage(path.resolve(env.DATA_DIR, 'uploads'));
}
