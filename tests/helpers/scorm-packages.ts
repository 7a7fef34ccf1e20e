import { zipSync, type Zippable } from 'fflate';

/**
 * SCORM packages made by the tests themselves: a manifest and small HTML SCOs, zipped. No
 * third-party content.
 */

const html = (title: string) => new TextEncoder().encode(`<!doctype html><title>${title}</title><p>${title}</p>`);

/** A SCORM 1.2 package: two SCOs (the second with a mastery score of 80) and an asset. */
export function scorm12Manifest(options: { masteryScore?: number; parameters?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="kursa-test-12" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Brandsikkerhed på lageret</title>
      <item identifier="item-1" identifierref="res-1"${options.parameters ? ` parameters="${options.parameters}"` : ''}><title>Introduktion</title></item>
      <item identifier="module"><title>Modul</title>
        <item identifier="item-2" identifierref="res-2"><title>Slukningsudstyr</title>
          <adlcp:masteryscore>${options.masteryScore ?? 80}</adlcp:masteryscore>
        </item>
        <item identifier="item-3" identifierref="res-asset"><title>Plakat</title></item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormtype="sco" href="sco1/index.html"><file href="sco1/index.html"/></resource>
    <resource identifier="res-2" type="webcontent" adlcp:scormtype="sco" href="sco%202/start.html?lang=da"><file href="sco 2/start.html"/></resource>
    <resource identifier="res-asset" type="webcontent" adlcp:scormtype="asset" href="poster.html"><file href="poster.html"/></resource>
  </resources>
</manifest>`;
}

/** A SCORM 2004 4th edition package: one SCO under xml:base, passed at a normalised measure of 0.7. */
export function scorm2004Manifest(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="kursa-test-2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="main">
    <organization identifier="other"><title>Ikke denne</title>
      <item identifier="x" identifierref="res"><title>Forkert</title></item>
    </organization>
    <organization identifier="main"><title>Førstehjælp</title>
      <item identifier="item-a" identifierref="res" parameters="?chapter=1"><title>Hjertestop</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources xml:base="content/">
    <resource identifier="res" type="webcontent" adlcp:scormType="sco" xml:base="sco/" href="launch.html"><file href="launch.html"/></resource>
  </resources>
</manifest>`;
}

export function zipPackage(manifest: string | null, files: Record<string, Uint8Array | string>): Uint8Array {
  const entries: Zippable = {};
  if (manifest !== null) entries['imsmanifest.xml'] = new TextEncoder().encode(manifest);
  for (const [path, content] of Object.entries(files)) entries[path] = typeof content === 'string' ? html(content) : content;
  return zipSync(entries);
}

export const scorm12Package = () =>
  zipPackage(scorm12Manifest(), { 'sco1/index.html': 'Introduktion', 'sco 2/start.html': 'Slukningsudstyr', 'poster.html': 'Plakat' });
export const scorm2004Package = () => zipPackage(scorm2004Manifest(), { 'content/sco/launch.html': 'Hjertestop' });

/**
 * A SCORM 1.2 SCO that uses the runtime for real: it finds `API` in a parent window, starts,
 * shows what it was given (entry, suspend data, location, the learner's name, the mastery score),
 * and has buttons that save its place (incomplete, suspended) or finish with a score of 90.
 */
const playableSco = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Brandslukning</title>
<script>
function findApi(w) { for (var n = 0; w && !w.API && w.parent && w.parent !== w && n < 10; n++) w = w.parent; return w && w.API; }
var api = findApi(window);
function set(k, v) { api.LMSSetValue(k, v); }
window.onload = function () {
  var state = document.getElementById('state');
  if (!api) { state.textContent = 'No API'; return; }
  api.LMSInitialize('');
  state.textContent = ['entry=' + api.LMSGetValue('cmi.core.entry'), 'suspend=' + api.LMSGetValue('cmi.suspend_data'),
    'location=' + api.LMSGetValue('cmi.core.lesson_location'), 'name=' + api.LMSGetValue('cmi.core.student_name'),
    'mastery=' + api.LMSGetValue('cmi.student_data.mastery_score')].join(' ');
  document.getElementById('save').onclick = function () {
    set('cmi.core.lesson_status', 'incomplete'); set('cmi.core.lesson_location', 'side-2');
    set('cmi.suspend_data', 'page=2'); set('cmi.core.exit', 'suspend'); api.LMSCommit('');
    document.getElementById('done').textContent = 'Saved';
  };
  document.getElementById('pass').onclick = function () {
    set('cmi.core.score.raw', '90'); set('cmi.core.lesson_status', 'passed'); set('cmi.core.exit', '');
    api.LMSCommit(''); api.LMSFinish('');
    document.getElementById('done').textContent = 'Finished';
  };
};
</script></head>
<body><h1>Brandslukning</h1><p id="state"></p>
<button id="save" type="button">Save my place</button> <button id="pass" type="button">Finish with 90</button>
<p id="done"></p></body></html>`;

export function playableScorm12Package(): Uint8Array {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="kursa-playable-12" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Brandsikkerhed i praksis</title>
    <item identifier="sco" identifierref="res"><title>Brandslukning</title><adlcp:masteryscore>80</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="sco/index.html"><file href="sco/index.html"/></resource></resources>
</manifest>`;
  return zipPackage(manifest, { 'sco/index.html': new TextEncoder().encode(playableSco) });
}
