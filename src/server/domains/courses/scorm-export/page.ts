import type {
  TDownloadContent,
  TQuizContent,
  TQuizQuestion,
  TTextContent,
  TVideoContent,
} from '../../../../shared/schemas/lesson-content.ts';
import { escapeHtml } from '../../../http/escape-html.ts';
import { documentHtml, type HtmlContext } from './html.ts';
import type { PackageLanguage, PackageWords } from './wording.ts';

/**
 * The exported course as one static page (docs/decisions/066-scorm-export.md): every lesson a
 * section of index.html, shown one at a time by the package's script, which also grades the
 * quizzes from the key carried in the page and reports to the LMS. The page plays in the LMS's
 * frame, so its landmarks are named or left out rather than repeat the LMS page's own (its banner).
 */

export type ExportLesson =
  | { kind: 'text'; title: string; content: TTextContent }
  | { kind: 'video'; title: string; content: TVideoContent }
  | { kind: 'download'; title: string; content: TDownloadContent }
  | { kind: 'quiz'; title: string; content: TQuizContent }
  | { kind: 'scorm'; title: string };

export interface ExportModule {
  title: string;
  lessons: ExportLesson[];
}

export interface ExportCourse {
  title: string;
  language: PackageLanguage;
  modules: ExportModule[];
}

export interface PageContext extends HtmlContext {
  /** The name a downloaded file keeps. */
  fileName(uploadId: string): string;
}

/** What the package's script needs of a quiz: the questions with their key, the pass mark and attempts. */
interface QuizData {
  passMark: number;
  maxAttempts: number | null;
  reveal: TQuizContent['revealAnswers'];
  questions: {
    id: string;
    type: TQuizQuestion['type'];
    correct: string[];
    accepted: string[];
    explanation: string;
    feedback: Record<string, string>;
  }[];
}

function quizData(quiz: TQuizContent): QuizData {
  return {
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    reveal: quiz.revealAnswers,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      type: q.type,
      correct: q.options.filter((o) => o.correct).map((o) => o.id),
      accepted: q.acceptedAnswers,
      explanation: q.explanation,
      feedback: Object.fromEntries(q.options.filter((o) => o.feedback).map((o) => [o.id, o.feedback])),
    })),
  };
}

function quizHtml(quiz: TQuizContent, index: number, words: PackageWords): string {
  const questions = quiz.questions.map((q, i) => {
    const name = `q${index}-${i}`;
    const legend = `<legend>${i + 1}. ${escapeHtml(q.prompt)}</legend>`;
    const hint = q.hint ? `<p class="hint">${words.hint}: ${escapeHtml(q.hint)}</p>` : '';
    const body =
      q.type === 'short_answer'
        ? `<label>${words.yourAnswer} <input type="text" name="${name}" autocomplete="off" maxlength="200"></label>`
        : q.options
            .map(
              (o) =>
                `<label class="option"><input type="${q.type === 'multiple' ? 'checkbox' : 'radio'}" name="${name}" value="${escapeHtml(o.id)}"> ${escapeHtml(o.text)}</label>`,
            )
            .join('');
    return `<fieldset class="question" data-question="${i}">${legend}${hint}${body}<div class="verdict" aria-live="polite"></div></fieldset>`;
  });
  return `<form class="quiz" data-quiz="${index}" novalidate>${questions.join('')}<p class="quiz-error" role="alert"></p><button type="submit">${words.checkAnswers}</button><div class="result" role="status"></div></form>`;
}

function lessonHtml(lesson: ExportLesson, index: number, ctx: PageContext, words: PackageWords): string {
  switch (lesson.kind) {
    case 'text':
      return documentHtml(lesson.content, ctx);
    case 'video': {
      const video = lesson.content.video;
      let player = `<p>${words.noVideo}</p>`;
      if (video?.source === 'upload') {
        const src = ctx.media(video.uploadId);
        if (src) player = `<video controls preload="metadata" src="${escapeHtml(src)}"></video>`;
      } else if (video?.source === 'embed') {
        player = `<p><a href="${escapeHtml(video.url)}" target="_blank" rel="noopener noreferrer">${words.watchVideo}</a></p>`;
      }
      return player + documentHtml(lesson.content.notes, ctx);
    }
    case 'download': {
      const items = lesson.content.files.flatMap((f) => {
        const src = ctx.media(f.uploadId);
        return src
          ? [
              `<li><a href="${escapeHtml(src)}" download="${escapeHtml(ctx.fileName(f.uploadId))}">${words.download}: ${escapeHtml(f.title || ctx.fileName(f.uploadId))}</a></li>`,
            ]
          : [];
      });
      return (items.length ? `<ul class="files">${items.join('')}</ul>` : '') + documentHtml(lesson.content.notes, ctx);
    }
    case 'quiz':
      return quizHtml(lesson.content, index, words);
    case 'scorm':
      return `<p>${words.notExported}</p>`;
  }
}

/** Keeps `</script>` and friends out of the JSON that sits in the page. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function indexHtml(course: ExportCourse, ctx: PageContext, words: PackageWords): string {
  const lessons = course.modules.flatMap((m) => m.lessons);
  let n = 0;
  const nav = course.modules
    .map((m) => {
      const items = m.lessons.map((l) => {
        const i = n++;
        return `<li><a href="#lesson-${i + 1}" data-lesson="${i}">${escapeHtml(l.title)}</a></li>`;
      });
      return `<li><span class="module">${escapeHtml(m.title)}</span><ol>${items.join('')}</ol></li>`;
    })
    .join('');
  const sections = lessons
    .map(
      (l, i) =>
        `<section id="lesson-${i + 1}" data-lesson="${i}" aria-labelledby="lesson-${i + 1}-title"${i === 0 ? '' : ' hidden'}>` +
        `<h1 id="lesson-${i + 1}-title" tabindex="-1">${escapeHtml(l.title)}</h1>\n${lessonHtml(l, i, ctx, words)}</section>`,
    )
    .join('\n');
  const data = {
    words,
    lessons: lessons.map((l) => (l.kind === 'quiz' ? { quiz: quizData(l.content) } : {})),
  };
  return `<!doctype html>
<html lang="${course.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(course.title)}</title>
<link rel="stylesheet" href="kursa.css">
</head>
<body>
<div class="top"><p class="course-title" id="course-title">${escapeHtml(course.title)}</p><p id="progress" role="status"></p></div>
<div class="layout">
<nav aria-label="${words.lessons}"><ol>${nav}</ol></nav>
<main aria-labelledby="course-title">
<p id="notice" role="status" hidden></p>
${sections}
<p class="pager"><button type="button" id="previous">${words.previous}</button> <button type="button" id="next">${words.next}</button></p>
</main>
</div>
<script type="application/json" id="kursa-course">${scriptJson(data)}</script>
<script src="kursa.js"></script>
</body>
</html>
`;
}
