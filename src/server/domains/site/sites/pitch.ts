import type { TCatalogueCourseDetail } from '../../../../shared/schemas/catalogue.ts';
import { html, paragraphs, type Html } from './html.ts';
import { SITE_WORDS, type SiteLanguage } from './locale.ts';

/** The course's AI-written landing copy, labelled as written with AI; nothing without it. */
export function pitch(lang: SiteLanguage, course: TCatalogueCourseDetail): Html | false {
  const m = course.marketing;
  if (!m) return false;
  const w = SITE_WORDS[lang];
  return html`<section aria-labelledby="pitch-heading" data-ai-generated="true">
<h2 id="pitch-heading">${m.landingHeadline}</h2>
${paragraphs(m.landingCopy)}
${m.benefits.length > 0 && html`<h3>${w.benefits}</h3><ul>${m.benefits.map((b) => html`<li>${b}</li>`)}</ul>`}
<p class="note"><span class="badge">AI</span> ${w.aiGenerated}</p>
</section>`;
}
