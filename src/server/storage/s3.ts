import type * as ClientSdk from '@aws-sdk/client-s3';
import type * as UploadSdk from '@aws-sdk/lib-storage';
import { Transform, type Readable } from 'node:stream';
import { assertValidKey, StorageNotFoundError, type ByteRange, type Storage } from './storage.ts';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Multipart part size: with two parts in flight, an upload holds at most ~16 MB in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * The AWS SDK is imported on the first call that reaches the store, not at start: it is tens of MB
 * of code, and a server keeping its uploads on the disk never needs it. The promises are kept, so
 * the SDK is loaded once.
 */
let clientSdk: Promise<typeof ClientSdk> | undefined;
let uploadSdk: Promise<typeof UploadSdk> | undefined;
const loadClientSdk = () => (clientSdk ??= import('@aws-sdk/client-s3'));
const loadUploadSdk = () => (uploadSdk ??= import('@aws-sdk/lib-storage'));

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Hetzner, …), so several instances share
 * one set of files. Path-style addressing and checksums only where the API requires them: the
 * common denominator of S3-compatible servers.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  /** The SDK's client, made on first use (with the SDK's import). */
  private client: Promise<ClientSdk.S3Client> | undefined;

  constructor(private readonly options: S3Options) {
    this.bucket = options.bucket;
  }

  private connect(): Promise<ClientSdk.S3Client> {
    const { endpoint, region, accessKeyId, secretAccessKey } = this.options;
    this.client ??= loadClientSdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint,
          region,
          forcePathStyle: true,
          credentials: { accessKeyId, secretAccessKey },
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
    return this.client;
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    assertValidKey(key);
    let size = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
    );
    // pipe() does not pass errors on: a failing source must fail the upload.
    body.once('error', (error) => counted.destroy(error));
    const [client, { Upload }] = await Promise.all([this.connect(), loadUploadSdk()]);
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The Upload aborts its multipart upload; a single-part put never reached the store. Make sure.
      await this.delete(key).catch(() => undefined);
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    const [client, { GetObjectCommand }] = await Promise.all([this.connect(), loadClientSdk()]);
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range && { Range: `bytes=${range.start}-${range.end}` }) }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    const [client, { HeadObjectCommand }] = await Promise.all([this.connect(), loadClientSdk()]);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const [client, { DeleteObjectCommand }] = await Promise.all([this.connect(), loadClientSdk()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Nothing shows under a key until its upload completes, so a crash leaves no object. The parts
   * of an abandoned multipart upload are the bucket's lifecycle rule's to expire
   * (AbortIncompleteMultipartUpload): another instance sharing the bucket may be uploading now.
   */
  async removeIncomplete(_olderThanMs: number): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    // A store never used has no client, and no SDK to load just to close it.
    (await this.client)?.destroy();
  }
}
