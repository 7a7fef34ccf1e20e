import { escapeHtml as escapeXml } from './html.ts';

export const EXPORT_FORMATS = ['scorm12', 'scorm2004'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

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
  if (format === 'scorm12') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
${organizations}
  <resources>
    <resource identifier="course-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
${organizations}
  <resources>
    <resource identifier="course-sco" type="webcontent" adlcp:scormType="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}
