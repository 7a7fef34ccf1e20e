import { SCORM_LIMITS } from '../../../../shared/constants.ts';
import { AppError } from '../../../http/errors.ts';
import { readManifest, type Manifest } from './manifest.ts';
import { type ScormLimits, unpack } from './unpack.ts';

export interface ScormPackage extends Manifest {
  /** Every file in the package by its path. */
  files: Map<string, Uint8Array>;
}

/**
 * Opens an uploaded SCORM package (docs/decisions/064-scorm-packages.md): unpacks it within
 * SCORM_LIMITS, reads its imsmanifest.xml and checks that every SCO it launches is in it. Anything
 * that is not a playable package is refused with a 422 that says why.
 */
export async function readScormPackage(
  bytes: Uint8Array,
  limits: ScormLimits & { manifestBytes: number } = SCORM_LIMITS,
): Promise<ScormPackage> {
  const files = await unpack(bytes, limits);
  const manifest = files.get('imsmanifest.xml');
  if (!manifest) throw new AppError('SCORM_NO_MANIFEST', 422, 'scorm.noManifest');
  if (manifest.length > limits.manifestBytes)
    throw new AppError('SCORM_BAD_MANIFEST', 422, 'scorm.badManifest', { params: { reason: 'it is too large' } });
  const xml = new TextDecoder('utf-8').decode(manifest);
  return { ...readManifest(xml, (path) => files.has(path)), files };
}
