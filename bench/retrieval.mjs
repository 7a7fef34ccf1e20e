// Budget: the Learning Coach's retrieval over a 200-lesson course, p95 <= 10 ms per question, on SQLite and
// on PostgreSQL. For each database: a fresh one (a temporary SQLite file; a PostgreSQL database that
// is created and dropped), migrated as at start, holding the measured course (10 modules of 20
// lessons: Danish text lessons of 3-5 sections with headings, video lessons with scripts in their
// notes, and quizzes) beside 60 other courses of 40 lessons, so the index is shared as in service.
// Every course is indexed first (the measured course's cold indexing is timed and printed), then
// the production build's searchCourse answers varied questions one at a time: Danish and English,
// short and long, with æ/ø/å, some about nothing in the course, and some hostile. Every tenth
// question follows an edit of one of the course's lessons written as the builder writes it, so its
// time includes re-indexing that lesson (the lazy freshness of docs/decisions/024).
// Usage: npm run build:server && npm run bench:retrieval
//   (BENCH_QUESTIONS timed per database, default 400; BENCH_OTHER_COURSES beside it, default 60; BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres;
//    BENCH_SKIP_PG=1 or BENCH_SKIP_SQLITE=1 for one database alone)
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { percentile, withPostgres } from './learning-seed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = (file) => path.join(root, 'dist', 'server', file);
if (!existsSync(dist('domains/authoring/assistants/retrieval/index.js'))) {
  console.error('No server build: run `npm run build:server` first.');
  process.exit(2);
}
const { migrate, openDatabase } = await import(dist('db/database.js'));
const { searchCourse, refreshCourseIndex } = await import(dist('domains/authoring/assistants/retrieval/index.js'));

const BUDGET_MS = 10;
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 400);
const EDIT_EVERY = 10;
/** Courses of 40 lessons beside the measured one: the index is shared, as on a platform in service. */
const OTHER_COURSES = Number(process.env.BENCH_OTHER_COURSES ?? 60);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// A fixed pseudo-random sequence, so every run builds the same courses and asks the same questions.
let state = 20261201;
const rand = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(rand() * list.length)];

/** Subjects of a leadership and workplace course: each with the words its lessons are about. */
const SUBJECTS = [
  ['Feedback', ['feedback', 'anerkendelse', 'ros', 'kritik', 'medarbejdersamtale', 'udviklingssamtale']],
  ['Konflikthåndtering', ['konflikt', 'uenighed', 'mægling', 'samarbejdsproblemer', 'eskalering', 'forsoning']],
  ['Mødeledelse', ['møde', 'dagsorden', 'referat', 'beslutning', 'ordstyrer', 'opfølgning']],
  ['Delegering', ['delegering', 'ansvar', 'opgave', 'frist', 'mandat', 'tillid']],
  ['Forandringsledelse', ['forandring', 'modstand', 'kommunikation', 'vision', 'implementering', 'følgeskab']],
  ['Arbejdsmiljø', ['arbejdsmiljø', 'trivsel', 'stress', 'sygefravær', 'arbejdspladsvurdering', 'sikkerhed']],
  ['Rekruttering', ['rekruttering', 'jobopslag', 'ansættelsessamtale', 'kandidat', 'reference', 'onboarding']],
  ['Økonomistyring', ['budget', 'likviditet', 'regnskab', 'afvigelse', 'prognose', 'omkostninger']],
  ['Kundeservice', ['kunde', 'klage', 'service', 'tilfredshed', 'henvendelse', 'opfølgning']],
  ['Projektledelse', ['projekt', 'milepæl', 'risiko', 'interessent', 'tidsplan', 'ressourcer']],
  ['Databeskyttelse', ['persondata', 'gdpr', 'samtykke', 'databehandler', 'sikkerhedsbrud', 'sletning']],
  ['Præsentationsteknik', ['præsentation', 'publikum', 'budskab', 'slides', 'stemmeføring', 'nervøsitet']],
  ['Tidsstyring', ['prioritering', 'kalender', 'afbrydelser', 'fokus', 'planlægning', 'overblik']],
  ['Coaching', ['coaching', 'spørgsmål', 'refleksion', 'mål', 'handleplan', 'motivation']],
  ['Bæredygtighed', ['bæredygtighed', 'klimaaftryk', 'genbrug', 'energiforbrug', 'leverandører', 'rapportering']],
  ['Forhandling', ['forhandling', 'interesser', 'indrømmelser', 'aftale', 'lønforhandling', 'alternativ']],
  ['Innovation', ['innovation', 'idé', 'eksperiment', 'prototype', 'brugerbehov', 'læring']],
  ['Teamudvikling', ['team', 'roller', 'samarbejde', 'psykologisk', 'tryghed', 'fællesskab']],
  ['Strategi', ['strategi', 'mål', 'konkurrenter', 'markedsandel', 'prioriteter', 'handleplan']],
  ['Kommunikation', ['kommunikation', 'lytning', 'kropssprog', 'budskab', 'dialog', 'misforståelser']],
];
const FILLER = [
  'Som leder er det dit ansvar at skabe rammerne, så medarbejderne kan lykkes i hverdagen.',
  'Mange virksomheder oplever, at det betaler sig at tage emnet op tidligt og ikke vente på problemerne.',
  'Tag udgangspunkt i konkrete situationer fra jeres egen arbejdsplads, når I drøfter det i teamet.',
  'Undersøgelser fra danske arbejdspladser viser, at tydelige forventninger øger både trivsel og kvalitet.',
  'Skriv aftalerne ned, så alle kan se, hvad der er besluttet, og hvem der gør hvad inden hvornår.',
  'Husk at følge op efter nogle uger: det er i opfølgningen, at vanerne for alvor bliver skabt.',
  'Det kræver øvelse, og de første gange vil det føles kunstigt, men det bliver lettere for hver gang.',
  'Brug gerne en kollega som sparringspartner, før du tager den svære samtale med en medarbejder.',
  'En lille virksomhed i Vejle prøvede metoden af i et halvt år og målte resultaterne hver måned.',
  'Tænk over, hvilke vaner der allerede fungerer godt, og byg videre på dem i stedet for at starte forfra.',
  'Det er sjældent én stor beslutning, der gør forskellen, men mange små valg i løbet af ugen.',
  'Nogle medarbejdere vil være skeptiske i starten, og det er helt naturligt, når noget er nyt.',
  'Sæt tid af i kalenderen, ellers bliver det let skubbet af mere akutte opgaver.',
  'Erfaringen viser, at åbenhed om formålet gør det lettere at få alle med fra begyndelsen.',
  'Vær opmærksom på forskelle mellem afdelinger: hvad der virker i salg, virker ikke altid i produktionen.',
  'Lav en kort evaluering efter hvert forløb, og del læringen med resten af organisationen.',
  'Hvis du er i tvivl, så spørg dem, det handler om: de kender ofte løsningen bedre end ledelsen.',
  'Små forbedringer, der gentages, giver over et år en mærkbar forskel for både kunder og kolleger.',
  'Overvej at inddrage tillidsrepræsentanten eller arbejdsmiljørepræsentanten tidligt i processen.',
  'Det kan hjælpe at visualisere forløbet på en tavle, som alle kan se i det daglige.',
  'Undgå at gøre det hele på én gang; vælg to eller tre indsatser og gør dem ordentligt.',
  'Fejr de resultater, I opnår, også når de er mindre end forventet.',
  'Regn med, at det tager tid, før nye arbejdsgange sidder på rygmarven.',
  'Dokumentér jeres beslutninger kort, så nye kolleger hurtigt kan sætte sig ind i dem.',
];

/** One paragraph of 3-5 sentences about `words` (the subject's terms), with filler around them. */
function paragraphAbout(words, i) {
  const [a, b, c] = [pick(words), pick(words), pick(words)];
  const sentences = [
    `Når det gælder ${a}, handler det først og fremmest om at gøre ${b} til en fast del af hverdagen.`,
    `Et eksempel: en afdeling med tolv medarbejdere indførte en ugentlig status på ${c}, og efter tre måneder var ${a} blevet langt bedre.`,
    pick(FILLER),
    `Overvej hvordan ${b} hænger sammen med ${c} hos jer, og hvad I kan gøre anderledes i afsnit ${i + 1}.`,
    pick(FILLER),
  ];
  return sentences.slice(0, 3 + Math.floor(rand() * 3)).join(' ');
}

const text = (t) => ({ type: 'text', text: t });
const paragraph = (t) => ({ type: 'paragraph', content: [text(t)] });
const heading = (t) => ({ type: 'heading', attrs: { level: 2 }, content: [text(t)] });

/** A text lesson's document: 3-5 sections, each a heading and 1-3 paragraphs, some with a list. */
function lessonDoc(words, title) {
  const content = [
    paragraph(`I denne lektion om ${title.toLowerCase()} ser vi på ${words.slice(0, 3).join(', ')} og hvordan du bruger det i praksis.`),
  ];
  const sections = 3 + Math.floor(rand() * 3);
  for (let s = 0; s < sections; s++) {
    content.push(
      heading(`${pick(['Sådan arbejder du med', 'Typiske fejl ved', 'Værktøjer til', 'Eksempel på', 'Spørgsmål om'])} ${pick(words)}`),
    );
    const paragraphs = 1 + Math.floor(rand() * 3);
    for (let p = 0; p < paragraphs; p++) content.push(paragraph(paragraphAbout(words, s)));
    if (rand() < 0.3) {
      content.push({
        type: 'bulletList',
        content: [pick(words), pick(words), pick(words)].map((w) => ({
          type: 'listItem',
          content: [paragraph(`Afklar ${w} med dit team`)],
        })),
      });
    }
  }
  return { type: 'doc', content };
}

function buildCourse(organisationId, ownerId, { title, modules, lessonsPerModule, subjectOffset }) {
  const now = new Date().toISOString();
  const courseId = randomUUID();
  const course = {
    id: courseId,
    organisation_id: organisationId,
    owner_id: ownerId,
    title,
    slug: `${courseId}`,
    category: 'leadership',
    level: 'beginner',
    language: 'da',
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const moduleRows = [];
  const lessons = [];
  for (let m = 0; m < modules; m++) {
    const [subject, words] = SUBJECTS[(m + subjectOffset) % SUBJECTS.length];
    const moduleId = randomUUID();
    moduleRows.push({ id: moduleId, course_id: courseId, position: m, title: subject, description: '', created_at: now, updated_at: now });
    for (let l = 0; l < lessonsPerModule; l++) {
      const lessonTitle = `${subject}: ${pick(['introduktion', 'i praksis', 'værktøjer', 'cases', 'faldgruber', 'opfølgning'])} ${l + 1}`;
      let kind = 'text';
      let content;
      if (l === lessonsPerModule - 1) {
        kind = 'quiz';
        content = {
          passMark: 70,
          maxAttempts: 3,
          questions: [
            {
              id: 'q1',
              type: 'single',
              prompt: `Hvad er vigtigst ved ${words[0]}?`,
              hint: '',
              explanation: 'Quizsvaret må aldrig findes.',
              options: [{ id: 'a', text: 'Quizsvar', correct: true, feedback: '' }],
              acceptedAnswers: [],
            },
          ],
        };
      } else if (l % 7 === 3) {
        kind = 'video';
        content = { video: null, notes: lessonDoc(words, `${lessonTitle} (manuskript)`) };
      } else content = lessonDoc(words, lessonTitle);
      lessons.push({
        id: randomUUID(),
        course_id: courseId,
        module_id: moduleId,
        position: l,
        title: lessonTitle,
        kind,
        content: JSON.stringify(content),
        source: 'manual',
        version: 1,
        created_at: now,
        updated_at: now,
      });
    }
  }
  return { course, modules: moduleRows, lessons };
}

/** Questions learners ask: Danish and English, short and long, some about nothing in the course, some hostile. */
function questions() {
  const all = SUBJECTS.flatMap(([, words]) => words);
  const forms = [
    (w) => `Hvordan arbejder jeg med ${w}?`,
    (w, v) => `Hvad betyder ${w} for ${v} i mit team?`,
    (w) => `Kan du forklare ${w}?`,
    (w, v) => `Hvordan håndterer jeg ${w}, når der også er ${v}?`,
    (w) => `Hvad er typiske fejl ved ${w}?`,
    (w, v) =>
      `Jeg er ny leder og skal i gang med ${w}. Min chef siger, at ${v} også er vigtigt, men hvor skal jeg starte, og hvad gør jeg, hvis medarbejderne ikke vil være med?`,
    (w) => `How do I get started with ${w}?`,
    (w) => `${w.toUpperCase()}?`,
    (w, v) => `${w} ${v}`,
  ];
  const out = [];
  for (let i = 0; i < 200; i++) {
    const k = i % 20;
    if (k === 0)
      out.push(pick(['Hvad er fotosyntese?', 'Hvordan bager man rugbrød?', 'What is quantum computing?', 'Hvem vandt VM i 1992?']));
    else if (k === 1) out.push(pick(['Hvad er det?', 'Hvordan gør jeg det?', 'Kan du hjælpe mig?', 'What is this about?']));
    else if (k === 2)
      out.push(
        pick(['"konflikt" OR NEAR(møde budget) *', "budget'; drop table lessons; --", 'æ & ø | !å :*', '((((feedback', '{title body} : x']),
      );
    else out.push(pick(forms)(pick(all), pick(all)));
  }
  return out;
}

/** Writes a lesson as the builder does: new content, the version bumped. */
async function editLesson(db, lesson, round) {
  const [, words] = pick(SUBJECTS);
  const content = JSON.stringify(lessonDoc(words, `${lesson.title} ændret ${round}`));
  const current = await db.selectFrom('lessons').select('version').where('id', '=', lesson.id).executeTakeFirstOrThrow();
  await db
    .updateTable('lessons')
    .set({ content, version: current.version + 1, updated_at: new Date().toISOString() })
    .where('id', '=', lesson.id)
    .execute();
}

async function seed(db) {
  const now = new Date().toISOString();
  const organisationId = randomUUID();
  const ownerId = randomUUID();
  await db
    .insertInto('organisations')
    .values({
      id: organisationId,
      cvr: '29999999',
      name: 'Bench ApS',
      address: 'Nørregade 10',
      city: 'Aarhus C',
      postal_code: '8000',
      verified: 1,
      registry_status: 'found',
      plan: 'trial',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: ownerId,
      organisation_id: organisationId,
      email: 'bench@bench.example',
      password_hash: 'x',
      contact_name: 'Bench Instruktør',
      phone: '12345678',
      role: 'instructor',
      preferences: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const courses = [
    buildCourse(organisationId, ownerId, { title: 'Ledelse i praksis', modules: 10, lessonsPerModule: 20, subjectOffset: 0 }),
  ];
  for (let c = 0; c < OTHER_COURSES; c++)
    courses.push(buildCourse(organisationId, ownerId, { title: `Andet kursus ${c}`, modules: 4, lessonsPerModule: 10, subjectOffset: c }));
  for (const { course, modules, lessons } of courses) {
    await db.insertInto('courses').values(course).execute();
    await db.insertInto('course_modules').values(modules).execute();
    for (let i = 0; i < lessons.length; i += 100)
      await db
        .insertInto('lessons')
        .values(lessons.slice(i, i + 100))
        .execute();
  }
  return courses;
}

async function run(label, kind, databaseUrl, dataDir) {
  state = 20261201;
  const { db } = openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    const courses = await seed(db);
    const [main, ...others] = courses;
    for (const other of others) await refreshCourseIndex(db, kind, other.course.id);
    let started = performance.now();
    const indexed = await refreshCourseIndex(db, kind, main.course.id);
    const coldMs = performance.now() - started;
    const passages = await db
      .selectFrom('lesson_passages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('course_id', '=', main.course.id)
      .executeTakeFirstOrThrow();
    const allPassages = await db
      .selectFrom('lesson_passages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `${label}: indexed the 200-lesson course (${indexed} lessons, ${passages.n} passages) in ${coldMs.toFixed(0)} ms; ${allPassages.n} passages in all ${OTHER_COURSES + 1} courses`,
    );
    // A database in service is vacuumed and analysed by autovacuum; a fresh bulk load is not yet.
    if (kind === 'postgres') await sql`vacuum analyze`.execute(db);

    const asked = questions();
    const editable = main.lessons.filter((l) => l.kind !== 'quiz');
    for (const question of asked.slice(0, 50)) await searchCourse(db, kind, { courseId: main.course.id, question });
    const times = [];
    const afterEdit = [];
    let found = 0;
    for (let i = 0; i < QUESTIONS; i++) {
      const edit = i % EDIT_EVERY === EDIT_EVERY - 1;
      if (edit) await editLesson(db, pick(editable), i);
      started = performance.now();
      const answer = await searchCourse(db, kind, { courseId: main.course.id, question: asked[i % asked.length] });
      const ms = performance.now() - started;
      times.push(ms);
      if (edit) afterEdit.push(ms);
      if (answer.length > 0) found++;
      if (answer.some((p) => p.text.includes('Quizsvar'))) throw new Error('a quiz was returned');
    }
    times.sort((a, b) => a - b);
    afterEdit.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    console.log(
      `${label}: p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms over ${QUESTIONS} questions ` +
        `(${found} with passages); after an edit (${afterEdit.length}, re-indexing the lesson): p50 ${percentile(afterEdit, 0.5).toFixed(2)} ms, ` +
        `max ${afterEdit.at(-1).toFixed(2)} ms. Budget p95 <= ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? 'met' : 'OVER'}`,
    );
    return p95;
  } finally {
    await db.destroy();
  }
}

const results = [];
if (!process.env.BENCH_SKIP_SQLITE) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-bench-'));
  try {
    results.push(await run('SQLite', 'sqlite', undefined, dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (!process.env.BENCH_SKIP_PG) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-bench-'));
  try {
    results.push(await withPostgres(PG_ADMIN, (url) => run('PostgreSQL', 'postgres', url, dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (results.some((p95) => p95 > BUDGET_MS)) process.exitCode = 1;
