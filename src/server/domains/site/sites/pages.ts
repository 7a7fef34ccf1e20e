import type { TSsoProvider } from '../../../../shared/sso.ts';
import type { TCatalogueCourse, TCatalogueCourseDetail } from '../../../../shared/schemas/catalogue.ts';
import { coursePreviewPath } from '../../../../shared/course-preview-path.ts';
import { Html, html, paragraphs } from './html.ts';
import { pitch } from './pitch.ts';
import { formatDuration, formatPrice, SITE_WORDS, siteWords, type SiteLanguage } from './locale.ts';
import type { SiteUrls } from '../../../http/site-urls.ts';
import type { CompanyBrand } from '../brand/service.ts';

/**
 * A company site's pages: small server-rendered documents with no script at all (fast, indexable,
 * and nothing to load before they work). The style is inline, built from the web app's design
 * tokens (src/client/styles.css, whose text/background pairs meet WCAG AA in both themes), light
 * or dark as the visitor's system prefers.
 */
const STYLE = `
:root{--background:#f8fafc;--foreground:#0f172a;--card:#fff;--muted:#f1f5f9;--muted-foreground:#475569;--border:#e2e8f0;--primary:#4f46e5;--primary-hover:#4338ca;--primary-foreground:#fff;--accent:#4338ca;--accent-soft:#eef2ff;--ring:#6366f1;color-scheme:light}
@media (prefers-color-scheme:dark){:root{--background:#0b1020;--foreground:#e2e8f0;--card:#111831;--muted:#182140;--muted-foreground:#a3b0c6;--border:#243054;--primary:#4f46e5;--primary-hover:#5b54ee;--primary-foreground:#fff;--accent:#a5b4fc;--accent-soft:#1e2550;--ring:#818cf8;color-scheme:dark}}
*{box-sizing:border-box}
html{background:var(--background);color:var(--foreground);-webkit-font-smoothing:antialiased}
body{margin:0;min-height:100dvh;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.55;display:flex;flex-direction:column}
a{color:var(--accent)}
:focus-visible{outline:2px solid var(--ring);outline-offset:2px}
.wrap{width:100%;max-width:72rem;margin:0 auto;padding:0 1.25rem}
.skip{position:absolute;left:-9999px;top:0;background:var(--primary);color:var(--primary-foreground);padding:.5rem 1rem;border-radius:.375rem;z-index:10}
.skip:focus{left:1rem;top:1rem}
header.top{border-bottom:1px solid var(--border);background:var(--card)}
header.top .wrap{display:flex;align-items:center;justify-content:space-between;gap:1rem;min-height:4rem;flex-wrap:wrap}
.brand{font-weight:700;font-size:1.125rem;color:var(--foreground);text-decoration:none;display:inline-flex;align-items:center;gap:.75rem}
.brand img{display:block;height:2.5rem;width:auto;max-width:10rem;object-fit:contain}
.intro{display:grid;gap:1.5rem;align-items:center;margin:0 0 1rem}
@media (min-width:56rem){.intro.with-image{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.intro .hero{margin:0}
.langs{display:flex;gap:.75rem;font-size:.875rem}
.langs [aria-current]{font-weight:700;color:var(--foreground);text-decoration:none}
main{flex:1;padding:2.5rem 0}
h1{font-size:clamp(1.75rem,4vw,2.5rem);line-height:1.2;margin:0 0 .5rem}
h2{font-size:1.375rem;margin:2.5rem 0 1rem}
h3{font-size:1.0625rem;margin:0 0 .25rem}
.lead{color:var(--muted-foreground);font-size:1.125rem;margin:0 0 1.5rem}
.muted{color:var(--muted-foreground)}
.grid{list-style:none;padding:0;margin:0;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
.card{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.25rem;height:100%;display:flex;flex-direction:column;gap:.5rem}
.card img,.hero{display:block;width:100%;height:auto;flex:none;aspect-ratio:16/9;object-fit:cover;border-radius:.5rem;background:var(--muted)}
.hero{border-radius:.75rem;margin:0 0 1.5rem}
.card h3 a{color:var(--foreground);text-decoration:none}
.card h3 a:hover{text-decoration:underline}
.badge{display:inline-block;align-self:flex-start;background:var(--accent-soft);color:var(--accent);border-radius:999px;padding:.125rem .625rem;font-size:.8125rem;font-weight:600}
dl.facts{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0;font-size:.9375rem}
dl.facts dt{color:var(--muted-foreground)}
dl.facts dd{margin:0}
.card dl.facts{margin-top:auto}
.layout{display:grid;gap:2rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:56rem){.layout{grid-template-columns:minmax(0,1fr) 20rem}}
aside.panel{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.5rem;align-self:start}
.price{font-size:1.5rem;font-weight:700;margin:0 0 1rem}
.button{display:inline-block;background:var(--primary);color:var(--primary-foreground);font-weight:600;text-decoration:none;border-radius:.5rem;padding:.75rem 1.5rem;text-align:center;width:100%}
.button:hover{background:var(--primary-hover)}
.note{font-size:.875rem;color:var(--muted-foreground);margin:.75rem 0 1.25rem}
ol.outline{padding:0;margin:0;list-style:none;display:grid;gap:1rem}
ol.outline>li{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1rem 1.25rem}
ol.lessons{margin:.5rem 0 0;padding-left:1.25rem}
ol.lessons li{margin:.25rem 0}
.crumb{margin:0 0 1.5rem;font-size:.9375rem}
footer.foot{border-top:1px solid var(--border);padding:1.5rem 1.25rem;font-size:.875rem;color:var(--muted-foreground)}
`.replace(/\n/g, '');

/**
 * The company's colours over the stylesheet's: buttons in a shade white text passes AA on, links
 * and badges in shades that pass on the light and the dark theme's backgrounds (src/shared/brand.ts).
 */
function brandStyle(brand: CompanyBrand | undefined): Html | null {
  const p = brand?.palette;
  if (!p) return null;
  const light = `--primary:${p.primary};--primary-hover:${p.primaryHover};--accent:${p.accentLight};--accent-soft:${p.softLight};--ring:${p.accentLight}`;
  const dark = `--primary:${p.primary};--primary-hover:${p.primaryHover};--accent:${p.accentDark};--accent-soft:${p.softDark};--ring:${p.accentDark}`;
  return html`<style>${new Html(`:root{${light}}@media (prefers-color-scheme:dark){:root{${dark}}}`)}</style>`;
}

/** Where the site shows one of the company's own images: on its own origin, like course covers. */
const mediaPath = (uploadId: string) => `/media/${uploadId}`;

/** The company a site belongs to, and the origin it is served at (its subdomain's, or its own domain). */
export interface SiteCompany {
  name: string;
  siteUrl: string;
}

/** Where the company's own people log in at its identity provider, when it has single sign-on on. */
export interface SiteLogin {
  url: string;
  provider: TSsoProvider;
}

export interface PageFrame {
  lang: SiteLanguage;
  title: string;
  description: string;
  /** Absent on a 404, which is also kept out of search engines. */
  canonical?: string;
  /** The company the site belongs to (the header), or undefined on an unknown subdomain. */
  company?: { name: string; siteUrl: string };
  /** The company's brand: its colours, its logo beside its name, and no Kursa mark with white label. */
  brand?: CompanyBrand;
  login?: SiteLogin | undefined;
  body: Html;
}

export function page(frame: PageFrame, urls: SiteUrls): string {
  const w = siteWords(frame.lang, frame.brand?.whiteLabel);
  const switchLink = (lang: SiteLanguage, label: string) =>
    lang === frame.lang
      ? html`<a href="?lang=${lang}" lang="${lang}" aria-current="true">${label}</a>`
      : html`<a href="?lang=${lang}" lang="${lang}" hreflang="${lang}">${label}</a>`;
  return html`<!doctype html>
<html lang="${frame.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${frame.title}</title>
<meta name="description" content="${frame.description}">
${frame.canonical ? html`<link rel="canonical" href="${frame.canonical}">` : html`<meta name="robots" content="noindex">`}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${new Html(STYLE)}</style>
${brandStyle(frame.brand)}
</head>
<body>
<a class="skip" href="#main">${w.skip}</a>
<header class="top"><div class="wrap">
${
  frame.company
    ? html`<a class="brand" href="/">${frame.brand?.logoUploadId && html`<img src="${mediaPath(frame.brand.logoUploadId)}" alt="" height="40">`}${frame.company.name}</a>`
    : html`<a class="brand" href="${urls.main('/')}">Kursa</a>`
}
<nav class="langs" aria-label="${w.language}">${frame.login && html`<a href="${frame.login.url}">${w.ssoLogIn[frame.login.provider]}</a>`}${switchLink('da', 'Dansk')}${switchLink('en', 'English')}</nav>
</div></header>
<main id="main" class="wrap">
${frame.body}
</main>
<footer class="foot"><div class="wrap">${
    frame.company && frame.brand?.whiteLabel ? `© ${frame.company.name}` : html`<a href="${urls.main('/')}">${w.poweredBy}</a>`
  }</div></footer>
</body>
</html>
`.value;
}

function facts(lang: SiteLanguage, course: TCatalogueCourse, withLessons: boolean): Html {
  const w = SITE_WORDS[lang];
  const duration = formatDuration(lang, course.durationMinutes);
  return html`<dl class="facts">
<dt>${w.instructor}</dt><dd>${course.instructor}</dd>
<dt>${w.level}</dt><dd>${w.levels[course.level]}</dd>
${duration && html`<dt>${w.duration}</dt><dd>${duration}</dd>`}
${withLessons && html`<dt>${w.outline}</dt><dd>${w.lessonsCount(course.lessonCount)}</dd>`}
${withLessons && html`<dt>${w.courseLanguage}</dt><dd>${w.languages[course.language]}</dd>`}
<dt>${w.price}</dt><dd>${formatPrice(lang, course.pricing, course.price, course.currency)}</dd>
</dl>`;
}

/**
 * Where the site shows a course's thumbnail: `/media/{id}` on its own origin (the site loads
 * nothing from elsewhere), or null when the course has none. The thumbnail is decorative: the
 * title beside it says what it is, so its text alternative is empty.
 */
function thumbnailPath(course: TCatalogueCourse): string | null {
  const id = course.thumbnailUrl && /\/api\/uploads\/([\w-]+)$/.exec(course.thumbnailUrl)?.[1];
  return id ? `/media/${id}` : null;
}

export function companyPage(
  lang: SiteLanguage,
  company: SiteCompany,
  courses: TCatalogueCourse[],
  urls: SiteUrls,
  brand?: CompanyBrand,
  login?: SiteLogin,
): string {
  const w = siteWords(lang, brand?.whiteLabel);
  const { siteUrl } = company;
  const cards = courses.map(
    (course) => html`<li><article class="card" aria-labelledby="c-${course.slug}">
${thumbnailPath(course) && html`<img src="${thumbnailPath(course)}" alt="" width="640" height="360" loading="lazy" decoding="async">`}
<span class="badge">${w.categories[course.category]}</span>
<h3 id="c-${course.slug}"><a href="/courses/${course.slug}">${course.title}</a></h3>
${course.subtitle && html`<p class="muted">${course.subtitle}</p>`}
${facts(lang, course, false)}
</article></li>`,
  );
  // The company's own words and picture when it has given them; else a plain introduction.
  const heroImage = brand?.heroUploadId;
  const body = html`<div class="${heroImage ? 'intro with-image' : 'intro'}"><div>
<h1>${company.name}</h1>
${brand?.heroText ? html`<div class="lead">${paragraphs(brand.heroText)}</div>` : html`<p class="lead">${w.siteIntro(company.name)}</p>`}
</div>
${heroImage && html`<img class="hero" src="${mediaPath(heroImage)}" alt="" width="1280" height="720" decoding="async">`}
</div>
<section aria-labelledby="courses-heading">
<h2 id="courses-heading">${w.courses}</h2>
${courses.length > 0 ? html`<ul class="grid">${cards}</ul>` : html`<p class="muted">${w.noCourses}</p>`}
</section>`;
  return page(
    {
      lang,
      title: `${company.name} · ${w.courses}`,
      description: w.siteDescription(company.name, courses.length),
      canonical: `${siteUrl}/`,
      company: { name: company.name, siteUrl },
      ...(brand && { brand }),
      login,
      body,
    },
    urls,
  );
}

export function coursePage(
  lang: SiteLanguage,
  siteUrl: string,
  course: TCatalogueCourseDetail,
  urls: SiteUrls,
  brand?: CompanyBrand,
  login?: SiteLogin,
): string {
  const w = siteWords(lang, brand?.whiteLabel);
  const path = `/courses/${course.slug}`;
  // To the course's enrolment step on the main site, through the login (which a session skips).
  const enrollUrl = urls.main(`/login?next=${encodeURIComponent(`${path}#enrol`)}`);
  const profile = course.instructorProfile;
  const body = html`<p class="crumb"><a href="/">${w.allCourses(course.company.name)}</a></p>
<div class="layout">
<article aria-labelledby="course-title">
${thumbnailPath(course) && html`<img class="hero" src="${thumbnailPath(course)}" alt="" width="1280" height="720" decoding="async">`}
<span class="badge">${w.categories[course.category]}</span>
<h1 id="course-title">${course.title}</h1>
${course.subtitle && html`<p class="lead">${course.subtitle}</p>`}
${paragraphs(course.description)}
${pitch(lang, course)}
${course.learningObjectives.length > 0 && html`<section aria-labelledby="objectives-heading"><h2 id="objectives-heading">${w.objectives}</h2><ul>${course.learningObjectives.map((o) => html`<li>${o}</li>`)}</ul></section>`}
${course.targetAudience && html`<section aria-labelledby="audience-heading"><h2 id="audience-heading">${w.audience}</h2>${paragraphs(course.targetAudience)}</section>`}
<section aria-labelledby="outline-heading">
<h2 id="outline-heading">${w.outline}</h2>
<ol class="outline">${course.modules.map(
    (m) =>
      html`<li><h3>${m.title}</h3>${
        m.lessons.length > 0 &&
        html`<ol class="lessons">${m.lessons.map((l) => {
          const minutes = formatDuration(lang, l.durationMinutes);
          const about = html`<span class="muted">(${w.kinds[l.kind]}${minutes ? `, ${minutes}` : ''})</span>`;
          if (!l.previewId) return html`<li>${l.title} ${about}</li>`;
          // A free preview opens on the main site, where the lesson player is.
          return html`<li><a href="${urls.main(coursePreviewPath(course.slug, l.previewId))}">${l.title}</a> ${about} <span class="badge">${w.freePreview}</span></li>`;
        })}</ol>`
      }</li>`,
  )}</ol>
</section>
<section aria-labelledby="instructor-heading">
<h2 id="instructor-heading">${w.aboutInstructor}</h2>
<h3>${profile.name}</h3>
${profile.expertise && html`<p class="muted">${profile.expertise}</p>`}
${profile.bio && paragraphs(profile.bio)}
</section>
</article>
<aside class="panel" aria-label="${w.enroll}">
<p class="price">${formatPrice(lang, course.pricing, course.price, course.currency)}</p>
<a class="button" href="${enrollUrl}">${w.enroll}</a>
<p class="note">${w.enrollNote}</p>
${facts(lang, course, true)}
</aside>
</div>`;
  // The AI-written SEO title and description when the course has them.
  const description = course.marketing?.seoDescription ?? (course.subtitle || course.description).replace(/\s+/g, ' ').trim().slice(0, 160);
  return page(
    {
      lang,
      title: course.marketing?.seoTitle ?? `${course.title} · ${course.company.name}`,
      description,
      canonical: `${siteUrl}/courses/${encodeURIComponent(course.slug)}`,
      company: { name: course.company.name, siteUrl },
      ...(brand && { brand }),
      login,
      body,
    },
    urls,
  );
}

/** A 404 on a company's site: the course (or page) is not here; says so and links on. */
export function notFoundPage(
  lang: SiteLanguage,
  kind: 'course' | 'page' | 'site',
  company: SiteCompany | undefined,
  urls: SiteUrls,
  brand?: CompanyBrand,
  login?: SiteLogin,
): string {
  const w = siteWords(lang, brand?.whiteLabel);
  const title = kind === 'course' ? w.courseNotFoundTitle : kind === 'site' ? w.siteNotFoundTitle : w.pageNotFoundTitle;
  const text =
    kind === 'course' && company ? w.courseNotFoundText(company.name) : kind === 'site' ? w.siteNotFoundText : w.pageNotFoundText;
  const body = html`<h1>${title}</h1>
<p class="lead">${text}</p>
<ul>
${company && html`<li><a href="/">${w.allCourses(company.name)}</a></li>`}
${kind === 'course' && html`<li><a href="${urls.main('/login')}">${w.logIn}</a></li>`}
${!brand?.whiteLabel && html`<li><a href="${urls.main('/')}">${w.goToKursa}</a></li>`}
</ul>`;
  const siteUrl = company ? company.siteUrl : urls.main('');
  return page(
    {
      lang,
      title: company ? `${title} · ${company.name}` : `${title} · Kursa`,
      description: text,
      ...(company && { company: { name: company.name, siteUrl } }),
      ...(brand && { brand }),
      login,
      body,
    },
    urls,
  );
}
