import xpath from 'xpath';
import { AppError } from '../../../http/errors.ts';
import { parseXml } from '../../../security/xml.ts';

export type ScormVersion = '1.2' | '2004';

export interface Sco {
  /** The item's identifier in the manifest: stable across uploads of the same package. */
  identifier: string;
  title: string;
  /** The file the player opens, as a path in the package, with the item's parameters. */
  launch: string;
  /** The score, in per cent, at which the SCO counts as passed (1.2's masteryscore, 2004's primary objective), or null. */
  masteryScore: number | null;
}

export interface Manifest {
  version: ScormVersion;
  /** `1.2`, `2004 3rd Edition`, `2004 4th Edition` … as the manifest says, or what its namespaces say. */
  schemaVersion: string;
  title: string;
  /** In the organization's order; each becomes one lesson. */
  scos: Sco[];
}

const MAX_TITLE = 200;

const bad = (reason: string) => new AppError('SCORM_BAD_MANIFEST', 422, 'scorm.badManifest', { params: { reason } });

/** Elements by local name, so the manifest's namespace prefixes (imscp, adlcp, imsss) do not matter. */
const ln = (name: string) => `*[local-name()='${name}']`;
function elements(expression: string, node: Node): Element[] {
  return (xpath.select(expression, node) as Node[]).filter((n): n is Element => n.nodeType === 1);
}
const text = (node: Node, expression: string) => elements(expression, node)[0]?.textContent?.trim() ?? '';
/** An attribute by local name, any namespace and any case (1.2 writes scormtype, 2004 scormType). */
function attribute(element: Element, name: string): string | null {
  for (const a of Array.from(element.attributes)) if ((a.localName ?? a.name).toLowerCase() === name.toLowerCase()) return a.value;
  return null;
}

function versionOf(root: Element): { version: ScormVersion; schemaVersion: string } {
  const stated = text(root, `${ln('metadata')}/${ln('schemaversion')}`);
  if (stated === '1.2') return { version: '1.2', schemaVersion: stated };
  if (/^(2004\b|CAM 1\.3)/i.test(stated)) return { version: '2004', schemaVersion: stated };
  const namespaces = Array.from(root.attributes)
    .filter((a) => a.name.startsWith('xmlns'))
    .map((a) => a.value);
  if (namespaces.some((n) => n.includes('adlcp_rootv1p2'))) return { version: '1.2', schemaVersion: '1.2' };
  if (namespaces.some((n) => /adlcp_v1p3|imsss/.test(n))) return { version: '2004', schemaVersion: stated || '2004' };
  throw new AppError('SCORM_VERSION_UNKNOWN', 422, 'scorm.unknownVersion');
}

/** Joins xml:base values and an href into a path in the package ("content/" + "a/../b.html" → "content/b.html"). */
export function resolvePath(...parts: string[]): string | null {
  const joined = parts.filter(Boolean).reduce((base, part) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith('/')) return '\u0000';
    return base === '' || base.endsWith('/') ? base + part : `${base.slice(0, base.lastIndexOf('/') + 1)}${part}`;
  }, '');
  if (joined.includes('\u0000')) return null;
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}

function masteryOf(item: Element, version: ScormVersion): number | null {
  if (version === '1.2') {
    const value = Number(text(item, ln('masteryscore')));
    return text(item, ln('masteryscore')) !== '' && Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;
  }
  const objective = elements(`${ln('sequencing')}/${ln('objectives')}/${ln('primaryObjective')}`, item)[0];
  if (!objective || attribute(objective, 'satisfiedByMeasure') !== 'true') return null;
  const measure = text(objective, ln('minNormalizedMeasure'));
  const value = Number(measure === '' ? '1' : measure);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? Math.round(value * 100) : null;
}

/**
 * Reads a package's imsmanifest.xml (SCORM 1.2, and 2004 3rd and 4th edition): its version, title,
 * and the SCOs of its default organization in order, each with its launch path and mastery score.
 * `exists` says whether a path is a file in the package: a SCO that launches a missing file, an
 * absolute address or a path out of the package refuses the package.
 */
export function readManifest(xml: string, exists: (path: string) => boolean): Manifest {
  let root: Element | null | undefined;
  try {
    root = parseXml(xml).documentElement as unknown as Element | null;
  } catch (error) {
    throw bad(error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) : 'it is not XML');
  }
  if (!root) throw bad('it is not XML');
  if (root.localName !== 'manifest') throw bad('its root element is not <manifest>');
  const { version, schemaVersion } = versionOf(root);

  const organizations = elements(ln('organizations'), root)[0];
  const chosen = organizations && attribute(organizations, 'default');
  const all = organizations ? elements(ln('organization'), organizations) : [];
  const organization = all.find((o) => attribute(o, 'identifier') === chosen) ?? all[0];
  if (!organization) throw new AppError('SCORM_NO_SCO', 422, 'scorm.noSco');

  const resources = elements(ln('resources'), root)[0];
  const resourcesBase = (resources && attribute(resources, 'base')) ?? '';
  const manifestBase = attribute(root, 'base') ?? '';
  const byId = new Map((resources ? elements(ln('resource'), resources) : []).map((r) => [attribute(r, 'identifier') ?? '', r]));

  const scos: Sco[] = [];
  for (const item of elements(`.//${ln('item')}`, organization)) {
    const ref = attribute(item, 'identifierref');
    const resource = ref ? byId.get(ref) : undefined;
    if (!resource || attribute(resource, 'scormtype')?.toLowerCase() !== 'sco') continue;
    const href = attribute(resource, 'href') ?? '';
    const path = resolvePath(manifestBase, resourcesBase, attribute(resource, 'base') ?? '', decoded(href.split(/[?#]/)[0]!));
    if (!path || !href)
      throw new AppError('SCORM_LAUNCH_MISSING', 422, 'scorm.launchMissing', { params: { path: href.slice(0, 200) || '—' } });
    if (!exists(path)) throw new AppError('SCORM_LAUNCH_MISSING', 422, 'scorm.launchMissing', { params: { path: path.slice(0, 200) } });
    const query = href.slice(href.split(/[?#]/)[0]!.length);
    const parameters = attribute(item, 'parameters') ?? '';
    scos.push({
      identifier: attribute(item, 'identifier') ?? ref!,
      title: (text(item, ln('title')) || text(organization, ln('title')) || ref!).slice(0, MAX_TITLE),
      launch: path + joinParameters(query, parameters),
      masteryScore: masteryOf(item, version),
    });
  }
  if (scos.length === 0) throw new AppError('SCORM_NO_SCO', 422, 'scorm.noSco');
  const title = (text(organization, ln('title')) || scos[0]!.title).slice(0, MAX_TITLE);
  return { version, schemaVersion, title, scos };
}

/** An href's path as the file is named in the zip ("story%20content/" → "story content/"). */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The href's own query and the item's parameters, joined as the content packaging spec says. */
function joinParameters(query: string, parameters: string): string {
  if (!parameters) return query;
  const trimmed = parameters.replace(/^[?&]+/, '');
  if (parameters.startsWith('#')) return query.includes('#') ? query : query + parameters;
  return query.includes('?') ? `${query}&${trimmed}` : `${query}?${trimmed}`;
}
