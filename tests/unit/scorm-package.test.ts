import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readScormPackage } from '../../src/server/domains/courses/scorm/package.ts';
import { safePackagePath } from '../../src/server/domains/courses/scorm/unpack.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { scorm12Manifest, scorm12Package, scorm2004Manifest, scorm2004Package, zipPackage } from '../helpers/scorm-packages.ts';

// Reading an uploaded SCORM package: what it holds, and the packages refused before anything is stored.

const limits = { unpackedBytes: 1024 * 1024, entries: 20, manifestBytes: 64 * 1024 };

async function refusal(bytes: Uint8Array, options = limits): Promise<string> {
  try {
    await readScormPackage(bytes, options);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    return (error as AppError).code;
  }
  throw new Error('the package was not refused');
}

describe('a SCORM package', () => {
  it('1.2: its title, its SCOs in order with launch paths, parameters and mastery score; assets are no lessons', async () => {
    const read = await readScormPackage(scorm12Package(), limits);
    expect(read).toMatchObject({ version: '1.2', schemaVersion: '1.2', title: 'Brandsikkerhed på lageret' });
    expect(read.scos).toEqual([
      { identifier: 'item-1', title: 'Introduktion', launch: 'sco1/index.html', masteryScore: null },
      { identifier: 'item-2', title: 'Slukningsudstyr', launch: 'sco 2/start.html?lang=da', masteryScore: 80 },
    ]);
    expect([...read.files.keys()].sort()).toEqual(['imsmanifest.xml', 'poster.html', 'sco 2/start.html', 'sco1/index.html']);
    expect(new TextDecoder().decode(read.files.get('sco1/index.html'))).toContain('Introduktion');
    const withParameters = await readScormPackage(
      zipPackage(scorm12Manifest({ parameters: '?start=2' }), { 'sco1/index.html': 'a', 'sco 2/start.html': 'b', 'poster.html': 'c' }),
      limits,
    );
    expect(withParameters.scos[0]!.launch).toBe('sco1/index.html?start=2');
  });

  it('2004 4th edition: the default organization, xml:base, parameters and the primary objective’s measure', async () => {
    const read = await readScormPackage(scorm2004Package(), limits);
    expect(read).toMatchObject({ version: '2004', schemaVersion: '2004 4th Edition', title: 'Førstehjælp' });
    expect(read.scos).toEqual([
      { identifier: 'item-a', title: 'Hjertestop', launch: 'content/sco/launch.html?chapter=1', masteryScore: 70 },
    ]);
  });

  it('2004 3rd edition and a manifest that names no version but SCORM 1.2’s namespace', async () => {
    const third = scorm2004Manifest().replace('2004 4th Edition', '2004 3rd Edition');
    expect((await readScormPackage(zipPackage(third, { 'content/sco/launch.html': 'x' }), limits)).schemaVersion).toBe('2004 3rd Edition');
    const unstated = scorm12Manifest().replace('<schemaversion>1.2</schemaversion>', '');
    const files = { 'sco1/index.html': 'a', 'sco 2/start.html': 'b', 'poster.html': 'c' };
    expect((await readScormPackage(zipPackage(unstated, files), limits)).version).toBe('1.2');
  });
});

describe('refused packages', () => {
  const files = { 'sco1/index.html': 'a', 'sco 2/start.html': 'b', 'poster.html': 'c' };

  it('what is not a zip, has no manifest at its root, or a manifest that is not XML or not SCORM', async () => {
    expect(await refusal(new TextEncoder().encode('<html>not a zip</html>'))).toBe('SCORM_NOT_A_ZIP');
    const truncated = scorm12Package().subarray(0, 200);
    expect(await refusal(truncated)).toMatch(/SCORM_NOT_A_ZIP|SCORM_NO_MANIFEST/);
    expect(await refusal(zipPackage(null, files))).toBe('SCORM_NO_MANIFEST');
    expect(await refusal(zipPackage(null, { ...files, 'inner/imsmanifest.xml': scorm12Manifest() }))).toBe('SCORM_NO_MANIFEST');
    expect(await refusal(zipPackage('<manifest><unclosed></manifest>', files))).toBe('SCORM_BAD_MANIFEST');
    expect(await refusal(zipPackage('<package/>', files))).toBe('SCORM_BAD_MANIFEST');
    const unversioned = scorm12Manifest()
      .replace('<schemaversion>1.2</schemaversion>', '')
      .replace('xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"', 'xmlns:adlcp="urn:other"');
    expect(await refusal(zipPackage(unversioned, files))).toBe('SCORM_VERSION_UNKNOWN');
  });

  it('a manifest with nothing to play, or launching a file that is not in the package or lies outside it', async () => {
    const assetsOnly = scorm12Manifest().replaceAll('adlcp:scormtype="sco"', 'adlcp:scormtype="asset"');
    expect(await refusal(zipPackage(assetsOnly, files))).toBe('SCORM_NO_SCO');
    expect(await refusal(zipPackage(scorm12Manifest(), { 'sco1/index.html': 'a', 'poster.html': 'c' }))).toBe('SCORM_LAUNCH_MISSING');
    for (const href of ['../outside.html', '/etc/passwd', 'https://example.com/sco.html', 'sco1/../../up.html']) {
      const manifest = scorm12Manifest().replace('href="sco1/index.html"', `href="${href}"`);
      expect(await refusal(zipPackage(manifest, files)), href).toBe('SCORM_LAUNCH_MISSING');
    }
  });

  it('entries whose paths could point outside the package (zip slip)', async () => {
    for (const name of ['../evil.html', 'a/../../evil.html', '/abs.html', 'C:/win.html', 'a\\b.html', 'a//b.html']) {
      expect(safePackagePath(name), name).toBeNull();
      const bytes = zipSync({ 'imsmanifest.xml': new TextEncoder().encode(scorm12Manifest()), [name]: new Uint8Array([1]) });
      expect(await refusal(bytes), name).toBe('SCORM_UNSAFE_PATH');
    }
    expect(safePackagePath('story content/index.html')).toBe('story content/index.html');
  });

  it('a zip bomb: too many bytes unpacked or too many entries, whatever the zip claims', async () => {
    const bomb = zipPackage(scorm12Manifest(), { ...files, 'media/zeros.bin': new Uint8Array(3 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await refusal(bomb)).toBe('SCORM_TOO_LARGE');
    // The sizes in its headers claim less than it holds: the bytes are counted as they unpack.
    const lying = Uint8Array.from(bomb);
    const view = new DataView(lying.buffer);
    for (let at = 0; at + 30 < lying.length; at++)
      if (view.getUint32(at, true) === 0x04034b50 && new TextDecoder().decode(lying.subarray(at + 30, at + 30 + 15)) === 'media/zeros.bin')
        view.setUint32(at + 22, 10, true);
    expect(await refusal(lying)).toMatch(/SCORM_TOO_LARGE|SCORM_NOT_A_ZIP/);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`page-${i}.html`, 'x']));
    expect(await refusal(zipPackage(scorm12Manifest(), { ...files, ...many }))).toBe('SCORM_TOO_LARGE');
    expect(await refusal(zipPackage(scorm12Manifest().padEnd(70 * 1024, ' '), files))).toBe('SCORM_BAD_MANIFEST');
  });
});
