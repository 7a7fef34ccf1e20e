import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates an imsmanifest.xml against ADL's SCORM schemas (tests/fixtures/scorm-xsd, as ADL
 * publishes them) with libxml2's validator. A manifest names several namespaces; one small schema
 * imports each namespace's own schema so a single validation checks them all.
 */
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'scorm-xsd');
const SCHEMAS = {
  scorm12: [
    ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
    ['http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
  ],
  scorm2004: [
    ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
    ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
    ['http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
    ['http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
    ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
  ],
} as const;

export async function manifestErrors(xml: string, format: keyof typeof SCHEMAS): Promise<string[]> {
  const dir = path.join(FIXTURES, format);
  const imports = SCHEMAS[format].map(([namespace, file]) => `<xsd:import namespace="${namespace}" schemaLocation="${file}"/>`);
  const result = await validateXML({
    xml: { fileName: 'imsmanifest.xml', contents: xml },
    schema: {
      fileName: 'scorm-all.xsd',
      contents: `<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">${imports.join('')}</xsd:schema>`,
    },
    preload: readdirSync(dir).map((fileName) => ({ fileName, contents: readFileSync(path.join(dir, fileName), 'utf8') })),
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
