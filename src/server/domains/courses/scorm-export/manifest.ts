import { escapeHtml as escapeXml } from '../../../http/escape-html.ts';

export const EXPORT_FORMATS = ['scorm12', 'scorm2004'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const VERSIONS = {
  scorm12: {
    cp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
    adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
    schemaLocation:
      'http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd',
    schemaVersion: '1.2',
    // 1.2 spells the attribute in lower case, 2004 in camel case.
    scormType: 'scormtype',
  },
  scorm2004: {
    cp: 'http://www.imsglobal.org/xsd/imscp_v1p1',
    adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
    schemaLocation: 'http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd',
    schemaVersion: '2004 4th Edition',
    scormType: 'scormType',
  },
} satisfies Record<ExportFormat, unknown>;

/**
 * The imsmanifest.xml of an exported course: one organization with one item, the course, whose
 * resource is the SCO index.html listing every file of the package. SCORM 1.2 writes the
 * imscp_rootv1p1p2 / adlcp_rootv1p2 namespaces, SCORM 2004 4th edition imscp_v1p1 / adlcp_v1p3;
 * both validate against ADL's schemas (tests/fixtures/scorm-xsd). No mastery score: the SCO
 * decides passed or failed itself from each quiz's pass mark.
 */
export function manifestXml(format: ExportFormat, identifier: string, title: string, files: string[]): string {
  const fileList = files.map((f) => `        <file href="${escapeXml(encodeURI(f))}"/>`).join('\n');
  const organizations = `  <organizations default="course">
    <organization identifier="course">
      <title>${escapeXml(title)}</title>
      <item identifier="course-item" identifierref="course-sco">
        <title>${escapeXml(title)}</title>
      </item>
    </organization>
  </organizations>`;
  const v = VERSIONS[format];
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"
  xmlns="${v.cp}"
  xmlns:adlcp="${v.adlcp}"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="${v.schemaLocation}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${v.schemaVersion}</schemaversion>
  </metadata>
${organizations}
  <resources>
    <resource identifier="course-sco" type="webcontent" adlcp:${v.scormType}="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}
