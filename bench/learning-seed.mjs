// The company the dashboard and player benchmarks (bench/dashboard.mjs, bench/player.mjs) run on, written
// straight into a fresh database: one instructor of "Nordisk Læring A/S" owns 40 courses (modules,
// text, video, download and quiz lessons) with exactly 100,000 enrolments of ~28,000 distinct
// learners and exactly 1,000,000 lesson_progress rows, spread over the last six months (quiz
// attempts, reviews, course page views and the activity feed to match); a colleague and the admin
// own courses of their own in the same company, and 20 other companies have theirs, so every query
// must filter. Every run seeds the same data (a fixed pseudo-random sequence, ids included).
// Sessions are stored as the auth module stores them (the SHA-256 of a random token), so the
// benchmarks log in with a cookie and no password. Also what both benchmarks do around their
// measurements: the production server on each database, seeded, and requests timed through it.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { startBuiltServer } from './built-server.mjs';

export const ENROLMENTS = 100_000;
export const PROGRESS_ROWS = 1_000_000;

const DAY = 86_400_000;
const INSTRUCTOR_COURSES = 40;
const COMPANY_LEARNERS = 20_000;
const OTHER_COMPANIES = 20;
const OTHER_LEARNERS = 400;

/** mulberry32: a small, fast, seedable generator. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = [
  'Anne',
  'Søren',
  'Mette',
  'Lars',
  'Ida',
  'Mads',
  'Freja',
  'Jens',
  'Sofie',
  'Rasmus',
  'Åse',
  'Bjørn',
  'Karen',
  'Niels',
  'Emma',
  'Oliver',
  'Henrik',
  'Louise',
  'Thomas',
  'Camilla',
  'Peter',
  'Line',
  'Kasper',
  'Signe',
  'Jonas',
  'Maja',
  'Frederik',
  'Julie',
  'Mikkel',
  'Astrid',
];
const lastNames = [
  'Jensen',
  'Nielsen',
  'Hansen',
  'Pedersen',
  'Andersen',
  'Christensen',
  'Larsen',
  'Sørensen',
  'Rasmussen',
  'Jørgensen',
  'Madsen',
  'Kristensen',
  'Olsen',
  'Thomsen',
  'Poulsen',
  'Østergaard',
  'Møller',
  'Holm',
  'Dahl',
  'Bøgh',
  'Lund',
  'Kjær',
  'Bach',
  'Friis',
];
const subjects = [
  'Arbejdsmiljø',
  'GDPR i hverdagen',
  'Kundeservice',
  'Projektledelse',
  'Excel',
  'Power BI',
  'Informationssikkerhed',
  'Forhandling',
  'Konflikthåndtering',
  'Bæredygtighed',
  'Mødeledelse',
  'Feedback',
  'Onboarding',
  'Salg',
  'Økonomistyring',
  'Præsentationsteknik',
  'Tidsstyring',
  'Forandringsledelse',
  'Trivsel',
  'Kommunikation',
];
const forms = ['{s} for nye medarbejdere', '{s} i praksis', 'Grundkursus i {s}', '{s} for ledere', 'Avanceret {s}'];
const comments = [
  'Rigtig godt kursus, meget konkret.',
  'Gode eksempler fra hverdagen.',
  'Lidt for langt, men brugbart.',
  'Quizzerne hjalp mig med at huske stoffet.',
  'Kan varmt anbefales til kolleger.',
  'Savnede flere øvelser.',
  '',
];
const companyWords = ['Fjord', 'Kyst', 'Bølge', 'Lærkeholt', 'Åkande', 'Skov', 'Polar', 'Vækst', 'Viden', 'Kompas'];

const COLUMNS = {
  organisations: [
    'id',
    'cvr',
    'name',
    'address',
    'city',
    'postal_code',
    'verified',
    'registry_status',
    'plan',
    'subdomain',
    'created_at',
    'updated_at',
  ],
  users: [
    'id',
    'organisation_id',
    'email',
    'password_hash',
    'contact_name',
    'phone',
    'role',
    'preferences',
    'deactivated_at',
    'created_at',
    'updated_at',
  ],
  courses: [
    'id',
    'organisation_id',
    'owner_id',
    'title',
    'slug',
    'subtitle',
    'description',
    'category',
    'level',
    'language',
    'tags',
    'learning_objectives',
    'target_audience',
    'duration_minutes',
    'pricing',
    'price',
    'currency',
    'visibility',
    'status',
    'published_at',
    'source',
    'version',
    'created_at',
    'updated_at',
  ],
  course_modules: ['id', 'course_id', 'position', 'title', 'description', 'created_at', 'updated_at'],
  lessons: [
    'id',
    'course_id',
    'module_id',
    'position',
    'title',
    'kind',
    'content',
    'source',
    'duration_minutes',
    'version',
    'created_at',
    'updated_at',
  ],
  enrolments: [
    'id',
    'course_id',
    'user_id',
    'source',
    'assigned_by',
    'due_at',
    'enrolled_at',
    'progress',
    'last_lesson_id',
    'last_activity_at',
    'completed_at',
  ],
  lesson_progress: ['enrolment_id', 'lesson_id', 'position_seconds', 'duration_seconds', 'completed_at', 'updated_at'],
  quiz_attempts: ['id', 'enrolment_id', 'lesson_id', 'attempt', 'answers', 'result', 'score', 'passed', 'created_at'],
  reviews: ['id', 'course_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at'],
  course_views: ['id', 'course_id', 'viewed_at'],
  activity: ['id', 'organisation_id', 'course_id', 'user_id', 'kind', 'created_at'],
  sessions: ['id', 'token_hash', 'user_id', 'persistent', 'expires_at', 'created_at', 'last_seen_at', 'user_agent'],
};
/** Parents before children, for the foreign keys. */
const TABLE_ORDER = Object.keys(COLUMNS);

const paragraph = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
function textLesson(subject, n) {
  return JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `${subject}: del ${n}` }] },
      paragraph(
        `I denne lektion arbejder du med ${subject.toLowerCase()} i din egen hverdag. Læs teksten, og tænk over et eksempel fra din afdeling, før du går videre.`,
      ),
      paragraph(
        'Mange danske virksomheder oplever, at de gode intentioner forsvinder i travlheden. Derfor starter vi med det, du kan gøre allerede i morgen, og bygger videre derfra.',
      ),
      {
        type: 'bulletList',
        content: ['Læg en plan for ugen', 'Aftal roller i teamet', 'Følg op efter 14 dage'].map((t) => ({
          type: 'listItem',
          content: [paragraph(t)],
        })),
      },
      {
        type: 'callout',
        attrs: { variant: 'tip' },
        content: [paragraph('Skriv tre stikord ned, som du vil tage med til næste teammøde.')],
      },
      paragraph('Til sidst: husk, at du altid kan vende tilbage til lektionen. Din plads gemmes automatisk.'),
    ],
  });
}
function quizLesson(subject) {
  const questions = [1, 2, 3, 4].map((q) => ({
    id: `q${q}`,
    type: 'single',
    prompt: `Spørgsmål ${q} om ${subject.toLowerCase()}: hvad er det bedste første skridt?`,
    hint: '',
    explanation: 'Start med det, du selv har indflydelse på.',
    options: ['a', 'b', 'c'].map((o, i) => ({ id: o, text: `Svar ${o.toUpperCase()}`, correct: i === 0, feedback: '' })),
    acceptedAnswers: [],
  }));
  return JSON.stringify({ passMark: 70, maxAttempts: 3, questions });
}
const graded = (correct) =>
  JSON.stringify(
    [1, 2, 3, 4].map((q, i) => ({
      questionId: `q${q}`,
      correct: i < correct,
      feedback: [],
      explanation: '',
      correctOptionIds: ['a'],
      acceptedAnswers: [],
    })),
  );

/**
 * Builds every row (as arrays in COLUMNS order) and what the benchmarks need: the instructor, the
 * admin, sessions, the learners who walk the player, and the figures the dashboard must answer.
 */
export function buildCompany(now = Date.now()) {
  const rand = generator(20260601);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const hex = () =>
    Math.floor(rand() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  const uuid = () => {
    const h = hex() + hex() + hex() + hex();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[int(0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const iso = (t) => new Date(t).toISOString();
  const rows = Object.fromEntries(TABLE_ORDER.map((t) => [t, []]));
  const created = iso(now - 400 * DAY);

  let cvr = 30_000_000;
  const organisation = (name) => {
    const id = uuid();
    rows.organisations.push([
      id,
      String(cvr++),
      name,
      'Nørregade 10',
      'Aarhus C',
      '8000',
      1,
      'found',
      'enterprise',
      `bench-${cvr}`,
      created,
      created,
    ]);
    return id;
  };
  let emails = 0;
  const user = (organisationId, role, deactivated = false) => {
    const id = uuid();
    const name = `${pick(firstNames)} ${pick(lastNames)}`;
    rows.users.push([
      id,
      organisationId,
      `person${emails++}@bench.example`,
      'x',
      name,
      '12345678',
      role,
      '{}',
      deactivated ? iso(now - int(1, 90) * DAY) : null,
      created,
      created,
    ]);
    return { id, organisationId, deactivated };
  };

  let slugs = 0;
  const course = (owner, { status = 'published', visibility = 'public' } = {}) => {
    const id = uuid();
    const subject = pick(subjects);
    const title = pick(forms)
      .replace('{s}', subject.toLowerCase())
      .replace(/^./, (c) => c.toUpperCase());
    const at = iso(now - int(200, 380) * DAY);
    const paid = visibility === 'public' && rand() < 0.2;
    rows.courses.push([
      id,
      owner.organisationId,
      owner.id,
      title,
      `bench-${slugs++}`,
      `Et praktisk kursus i ${subject.toLowerCase()}`,
      `Lær ${subject.toLowerCase()} trin for trin.`,
      pick(['business', 'technology', 'leadership']),
      pick(['beginner', 'intermediate', 'advanced']),
      'da',
      '["bench"]',
      '[]',
      '',
      int(60, 480),
      paid ? 'paid' : 'free',
      paid ? 49_900 : 0,
      'DKK',
      visibility,
      status,
      status === 'draft' ? null : at,
      'manual',
      1,
      at,
      iso(now - int(0, 150) * DAY),
    ]);
    const lessons = [];
    const modules = int(3, 6);
    for (let m = 0; m < modules; m++) {
      const moduleId = uuid();
      rows.course_modules.push([moduleId, id, m, `Modul ${m + 1}: ${subject}`, '', at, at]);
      const count = int(3, 6);
      for (let l = 0; l < count; l++) {
        // Every other module ends with a quiz; otherwise mostly text, some video, a few downloads.
        const kind = l === count - 1 && m % 2 === 1 ? 'quiz' : rand() < 0.25 ? 'video' : rand() < 0.08 ? 'download' : 'text';
        const content =
          kind === 'text'
            ? textLesson(subject, l + 1)
            : kind === 'quiz'
              ? quizLesson(subject)
              : kind === 'video'
                ? JSON.stringify({
                    video: { source: 'embed', url: `https://www.youtube.com/watch?v=bench${String(l).padStart(4, '0')}x` },
                    notes: JSON.parse(textLesson(subject, l + 1)),
                  })
                : JSON.stringify({ files: [{ uploadId: `bench-file-${l}`, title: 'Tjekliste (PDF)', size: 183_422 }] });
        const lessonId = uuid();
        rows.lessons.push([
          lessonId,
          id,
          moduleId,
          l,
          `${kind === 'quiz' ? 'Test' : 'Lektion'} ${m + 1}.${l + 1}`,
          kind,
          content,
          'manual',
          int(5, 20),
          1,
          at,
          at,
        ]);
        lessons.push({ id: lessonId, kind });
      }
    }
    return { id, organisationId: owner.organisationId, ownerId: owner.id, status, visibility, lessons };
  };

  // The company, its people and its courses.
  const main = organisation('Nordisk Læring A/S');
  const admin = user(main, 'admin');
  const instructor = user(main, 'instructor');
  const colleague = user(main, 'instructor');
  const learners = Array.from({ length: COMPANY_LEARNERS }, () => user(main, 'learner', rand() < 0.02));
  const instructorCourses = Array.from({ length: INSTRUCTOR_COURSES }, (_, i) =>
    course(
      instructor,
      i >= 37
        ? { status: 'draft', visibility: 'private' }
        : i >= 34
          ? { status: 'archived', visibility: 'private' }
          : { visibility: i % 3 === 0 ? 'public' : 'private' },
    ),
  );
  const companyCourses = [
    ...Array.from({ length: 6 }, () => course(colleague)),
    ...Array.from({ length: 2 }, () => course(admin, { visibility: 'private' })),
  ];

  // Other companies: an admin, two instructors, learners, and courses of their own.
  const others = [];
  for (let o = 0; o < OTHER_COMPANIES; o++) {
    const org = organisation(`${pick(companyWords)} ${pick(companyWords)} ${o} ApS`);
    const otherAdmin = user(org, 'admin');
    const teachers = [user(org, 'instructor'), user(org, 'instructor')];
    const people = Array.from({ length: OTHER_LEARNERS }, () => user(org, 'learner', rand() < 0.02));
    const courses = teachers.flatMap((t) =>
      Array.from({ length: 3 }, () => course(t, { visibility: rand() < 0.5 ? 'public' : 'private' })),
    );
    others.push({ admin: otherAdmin, people, courses });
  }
  const outsiders = others.flatMap((o) => o.people);

  /** Distinct learners for a course: its company's own, and other companies' (half of them) for a public one. */
  const pool = (c, own) =>
    c.visibility === 'public' ? [...own, ...outsiders.filter((u) => u.organisationId !== c.organisationId && rand() < 0.5)] : own;
  const sample = (list, n) => {
    const copy = list.slice();
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rand() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };

  /** Splits `total` over `courses` by a long-tailed popularity (a few big courses, many small), within each pool. */
  const split = (courses, pools, total) => {
    const weights = courses.map((_, i) => 1 / (i + 1) ** 0.8);
    const sum = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map((w, i) => Math.min(pools[i].length, Math.round((w / sum) * total)));
    for (let i = 0, left = total - counts.reduce((a, b) => a + b, 0); left !== 0; i = (i + 1) % courses.length) {
      const step = Math.sign(left);
      if (counts[i] + step >= 0 && counts[i] + step <= pools[i].length) {
        counts[i] += step;
        left -= step;
      }
    }
    return counts;
  };

  /** Plans enrolments: who, when, and how many lessons they have reached (k). */
  const plan = (courses, ownLearners, total, adminId) => {
    const taught = courses.filter((c) => c.status !== 'draft');
    const pools = taught.map((c) => pool(c, ownLearners));
    const counts = split(taught, pools, total);
    const planned = [];
    taught.forEach((c, i) => {
      for (const learner of sample(pools[i], counts[i])) {
        const L = c.lessons.length;
        const r = rand();
        const k = r < 0.08 ? 0 : r < 0.38 ? L : int(1, L - 1);
        // Recent months weigh more: a growing company.
        const enrolledAt = now - Math.floor(180 * DAY * rand() ** 1.4) - int(0, DAY - 1);
        const assigned = learner.organisationId === c.organisationId && rand() < 0.25;
        planned.push({ course: c, learner, k, enrolledAt, assigned, adminId });
      }
    });
    return planned;
  };
  /** Moves the planned lesson counts until they add up to `target` exactly (completed stay complete). */
  const settle = (planned, target) => {
    let sum = planned.reduce((a, p) => a + p.k, 0);
    while (sum !== target) {
      const p = planned[Math.floor(rand() * planned.length)];
      const L = p.course.lessons.length;
      if (p.k === L) continue;
      const step = sum < target ? 1 : -1;
      if (p.k + step < 0 || p.k + step > L - 1) continue;
      p.k += step;
      sum += step;
    }
  };

  const expected = { enrolments: 0, completions: 0, students: new Set(), ratings: [], progressRows: 0 };
  const walkers = [];
  /** Writes one planned enrolment and everything that follows from it. */
  const write = (p, mine) => {
    const { course: c, learner, k } = p;
    const L = c.lessons.length;
    const id = uuid();
    let t = p.enrolledAt;
    let completed = 0;
    let lastAt = null;
    // Ten minutes to three days between lessons; a learner who enrolled more recently than that has
    // gone faster, reaching their last lesson somewhere in the time since enrolling.
    const gaps = Array.from({ length: k }, () => int(10 * 60_000, 3 * DAY));
    const squeeze = Math.max(0, Math.min(1, ((now - 60_000 - p.enrolledAt) * rand()) / gaps.reduce((a, b) => a + b, 0)));
    for (let i = 0; i < k; i++) {
      const lesson = c.lessons[i];
      t += Math.max(1, Math.floor(gaps[i] * squeeze));
      // The last lesson reached may still be open (half-watched, a quiz not yet passed).
      const done = i < k - 1 || k === L || rand() < 0.5;
      if (done) completed++;
      const duration = lesson.kind === 'video' ? int(240, 900) : null;
      const position = duration === null ? 0 : done ? Math.round(duration * 0.95) : int(10, duration - 60);
      rows.lesson_progress.push([id, lesson.id, position, duration, done ? iso(t) : null, iso(t)]);
      if (lesson.kind === 'quiz') {
        // A pass, sometimes after a failed attempt; an open quiz has one failed attempt.
        const failed = !done || rand() < 0.25;
        if (failed) rows.quiz_attempts.push([uuid(), id, lesson.id, 1, '{"q1":["b"]}', graded(2), 50, 0, iso(t - 600_000)]);
        if (done)
          rows.quiz_attempts.push([
            uuid(),
            id,
            lesson.id,
            failed ? 2 : 1,
            '{"q1":["a"]}',
            graded(int(3, 4)),
            75 + 25 * int(0, 1),
            1,
            iso(t),
          ]);
      }
      lastAt = t;
    }
    const completedAt = k === L ? iso(t) : null;
    const enrolledAt = iso(p.enrolledAt);
    const dueAt = p.assigned && rand() < 0.6 ? iso(p.enrolledAt + int(14, 60) * DAY) : null;
    rows.enrolments.push([
      id,
      c.id,
      learner.id,
      p.assigned ? 'assigned' : 'self',
      p.assigned ? p.adminId : null,
      dueAt,
      enrolledAt,
      Math.round((100 * completed) / L),
      k ? c.lessons[k - 1].id : null,
      lastAt === null ? null : iso(lastAt),
      completedAt,
    ]);
    rows.activity.push([uuid(), c.organisationId, c.id, learner.id, 'enrollment', enrolledAt]);
    if (completedAt) rows.activity.push([uuid(), c.organisationId, c.id, learner.id, 'completion', completedAt]);
    let rating = null;
    if (completed >= 2 && rand() < 0.2) {
      const r = rand();
      rating = r < 0.45 ? 5 : r < 0.8 ? 4 : r < 0.92 ? 3 : r < 0.97 ? 2 : 1;
      const at = iso(lastAt);
      rows.reviews.push([uuid(), c.id, learner.id, rating, pick(comments), at, at]);
      rows.activity.push([uuid(), c.organisationId, c.id, learner.id, 'review', at]);
    }
    if (mine) {
      expected.enrolments++;
      expected.progressRows += k;
      if (completedAt) expected.completions++;
      expected.students.add(learner.id);
      if (rating !== null) expected.ratings.push(rating);
      // Learners who walk the player: active ones, a spread of courses (four at most each) and progress, one person each.
      const walking = () => walkers.filter((w) => w.courseId === c.id).length < 4 && !walkers.some((w) => w.userId === learner.id);
      if (
        c.status === 'published' &&
        learner.organisationId === c.organisationId &&
        !learner.deactivated &&
        walkers.length < 100 &&
        rand() < 0.01 &&
        walking()
      ) {
        walkers.push({ userId: learner.id, courseId: c.id, firstLessonId: c.lessons[0].id, lessons: L });
      }
    }
  };

  const mine = plan(instructorCourses, learners, ENROLMENTS, admin.id);
  settle(mine, PROGRESS_ROWS);
  const planned = [...mine.map((p) => ({ ...p, mine: true })), ...plan(companyCourses, learners, 10_000, admin.id)];
  for (const o of others) planned.push(...plan(o.courses, o.people, 1_500, o.admin.id));
  for (const p of planned.sort((a, b) => a.enrolledAt - b.enrolledAt)) write(p, p.mine === true);

  // Course page views over the last four months, about two per enrolment.
  const enrolledIn = new Map();
  for (const e of rows.enrolments) enrolledIn.set(e[1], (enrolledIn.get(e[1]) ?? 0) + 1);
  const allCourses = [...instructorCourses, ...companyCourses, ...others.flatMap((o) => o.courses)];
  for (const c of allCourses) {
    if (c.status === 'draft') continue;
    const n = 2 * (enrolledIn.get(c.id) ?? 0) + 50;
    for (let i = 0; i < n; i++) rows.course_views.push([uuid(), c.id, iso(now - Math.floor(120 * DAY * rand()))]);
  }

  // Rows arrive over time in service, interleaved across courses and learners; so they are stored
  // here, or every course's rows would sit together on the disk and reads would look cheaper.
  const timeColumn = { lesson_progress: 5, quiz_attempts: 8, reviews: 5, course_views: 2, activity: 5 };
  for (const [table, k] of Object.entries(timeColumn)) rows[table].sort((a, b) => (a[k] < b[k] ? -1 : a[k] > b[k] ? 1 : 0));

  // Sessions, as login stores them: 20 each for the instructor and the admin (the API's per-session
  // rate limit is 1,200 a minute), and one per learner who walks the player.
  const tokens = (userId, n) =>
    Array.from({ length: n }, () => {
      const token = randomBytes(32).toString('base64url');
      rows.sessions.push([
        uuid(),
        createHash('sha256').update(token).digest('hex'),
        userId,
        1,
        iso(now + 30 * DAY),
        iso(now),
        iso(now),
        'bench',
      ]);
      return `kursa_session=${token}`;
    });
  for (const w of walkers) w.cookie = tokens(w.userId, 1)[0];

  const ratings = expected.ratings;
  return {
    rows,
    instructorId: instructor.id,
    adminId: admin.id,
    instructorCookies: tokens(instructor.id, 20),
    adminCookies: tokens(admin.id, 20),
    walkers,
    expected: {
      enrolments: expected.enrolments,
      progressRows: expected.progressRows,
      totalCourses: INSTRUCTOR_COURSES,
      totalStudents: expected.students.size,
      completionRate: Math.round((expected.completions * 100) / expected.enrolments),
      averageRating: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null,
    },
  };
}

/** How many rows of each table, for the log. */
export const describeRows = (rows) => TABLE_ORDER.map((t) => `${rows[t].length.toLocaleString('en')} ${t}`).join(', ');

/** SQLite: one transaction of prepared inserts, then the WAL checkpointed (as the server's checkpointer would). */
export function seedSqlite(file, rows) {
  const db = new SqliteDatabase(file);
  db.pragma('busy_timeout = 10000');
  db.transaction(() => {
    for (const table of TABLE_ORDER) {
      const insert = db.prepare(`insert into ${table} (${COLUMNS[table].join(', ')}) values (${COLUMNS[table].map(() => '?').join(', ')})`);
      for (const row of rows[table]) insert.run(row);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/**
 * Tables whose triggers keep counters (migration 008). In service each of their rows is written in
 * a transaction of its own, and PostgreSQL prunes a counter's old versions as it goes; in one big
 * transaction every counter row would keep all its versions (a table hundreds of times its size,
 * which no database in service reaches). So they go in small transactions, as in service.
 */
const COUNTED_TABLES = new Set(['enrolments', 'course_views']);

/** PostgreSQL: multi-row INSERTs (small ones, each its own transaction, for COUNTED_TABLES), then VACUUM ANALYZE (what autovacuum would do in service). */
export async function seedPostgres(url, rows) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Only how soon a commit is on disk: no waiting for the disk after each small transaction.
  await client.query('set synchronous_commit = off');
  for (const table of TABLE_ORDER) {
    const columns = COLUMNS[table];
    // Within PostgreSQL's 65,535 parameters a statement.
    const size = COUNTED_TABLES.has(table) ? 100 : Math.floor(60_000 / columns.length);
    for (let start = 0; start < rows[table].length; start += size) {
      const batch = rows[table].slice(start, start + size);
      const tuples = batch.map((_, r) => `(${columns.map((_c, k) => `$${r * columns.length + k + 1}`).join(', ')})`);
      await client.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, batch.flat());
    }
  }
  await client.query('vacuum analyze');
  await client.end();
}

/** A fresh PostgreSQL database for `run(url)`, dropped afterwards. */
export async function withPostgres(adminUrl, run) {
  const name = `kursa_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await new Promise((r) => setTimeout(r, 2000));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Clients at once in the concurrent measurements (BENCH_CONCURRENCY, default 8). */
export const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 8));

/**
 * `count` GETs through the real server by `clients` clients at once (default one), each keeping
 * one request in flight and sending the next as soon as its answer is read: `next(i)` names the
 * address and the session cookie (or other headers), and may take the answer (`then`). Answers the
 * times, sorted, in ms, and the requests per second over the whole run (`perSecond`).
 */
export async function timeRequests(base, count, next, clients = 1) {
  const times = [];
  let issued = 0;
  const client = async () => {
    while (issued < count) {
      const i = issued++;
      const { url, cookie, headers, then } = next(i);
      const start = performance.now();
      const res = await fetch(base + url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
      const body = await res.json();
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      then?.(body);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(clients, count) }, client));
  const sorted = times.sort((a, b) => a - b);
  sorted.perSecond = (count * 1000) / (performance.now() - started);
  return sorted;
}

/** "p50 … ms, p95 … ms, max … ms, … req/s" of timeRequests' answer. */
export function describeTimes(times) {
  const ms = (v) => `${v.toFixed(1).padStart(6)} ms`;
  return `p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, max ${ms(times.at(-1))}, ${times.perSecond.toFixed(0).padStart(5)} req/s`;
}

/** The company, built; stops first when there is no production build to run. */
export function prepareCompany() {
  if (!existsSync(path.resolve(import.meta.dirname, '..', 'dist', 'server', 'server.js'))) {
    console.error('No production build: run npm run build:server (or npm run build) first.');
    process.exit(2);
  }
  const started = performance.now();
  const company = buildCompany();
  console.log(`Built ${describeRows(company.rows)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return company;
}

/**
 * For SQLite (a temporary file) and then PostgreSQL (a database created and dropped; BENCH_PG_URL):
 * the production server on a fresh database, which it migrates, `rows` written into it, then
 * `measure(label, base)` against it. BENCH_SKIP_SQLITE=1 or BENCH_SKIP_PG=1 leaves one out.
 * Answers what each measure answered.
 */
export async function onBothDatabases(rows, ports, measure) {
  const one = async (label, port, env, seed) => {
    const server = await startBuiltServer(port, { SEED_DEMO: 'false', ...env });
    try {
      const started = performance.now();
      await seed(server);
      console.log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return await measure(label, `http://127.0.0.1:${port}`);
    } finally {
      server.stop();
    }
  };
  const results = [];
  if (!process.env.BENCH_SKIP_SQLITE)
    results.push(await one('SQLite', ports[0], {}, (server) => seedSqlite(path.join(server.dataDir, 'kursa.db'), rows)));
  if (!process.env.BENCH_SKIP_PG) {
    const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    results.push(await withPostgres(adminUrl, (url) => one('PostgreSQL', ports[1], { DATABASE_URL: url }, () => seedPostgres(url, rows))));
  }
  return results;
}
