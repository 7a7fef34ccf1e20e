// The company bench/compliance.mjs measures, written straight into a fresh database: 5,000 active
// members in ten departments, 20 published courses each required of everyone, one enrolment and one
// compliance record per person and course with dates spread over every status, and an admin's
// session (stored as the auth module stores it, so the benchmark logs in with a cookie).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

export const PEOPLE = 5_000;
export const COURSES = 20;
const GROUPS = 10;
const DAY = 24 * 60 * 60 * 1000;

/** The company's rows, table by table (parents first), and the admin's session cookie. */
export function buildCompany(now = Date.now()) {
  const iso = (t) => new Date(t).toISOString();
  const rows = {
    organisations: [],
    users: [],
    sessions: [],
    courses: [],
    groups: [],
    group_members: [],
    requirements: [],
    enrolments: [],
    compliance_records: [],
  };
  const org = randomUUID();
  const created = iso(now - 400 * DAY);
  rows.organisations.push({
    id: org,
    cvr: '39999999',
    name: 'Nordisk Compliance A/S',
    address: 'Nørregade 10',
    city: 'Aarhus C',
    postal_code: '8000',
    verified: 1,
    registry_status: 'found',
    plan: 'enterprise',
    subdomain: 'bench-compliance',
    created_at: created,
    updated_at: created,
  });
  const person = (i, role) => ({
    id: randomUUID(),
    organisation_id: org,
    email: `person${i}@bench.example`,
    password_hash: 'x',
    contact_name: `Person ${String(i).padStart(5, '0')} Ærøsen`,
    phone: '12345678',
    role,
    preferences: '{}',
    deactivated_at: null,
    created_at: created,
    updated_at: created,
  });
  const admin = person(0, 'admin');
  rows.users.push(admin);
  const token = randomBytes(32).toString('base64url');
  rows.sessions.push({
    id: randomUUID(),
    token_hash: createHash('sha256').update(token).digest('hex'),
    user_id: admin.id,
    persistent: 1,
    expires_at: iso(now + 30 * DAY),
    created_at: iso(now),
    last_seen_at: iso(now),
    user_agent: 'bench',
  });
  const groups = Array.from({ length: GROUPS }, (_, g) => ({
    id: randomUUID(),
    organisation_id: org,
    name: `Afdeling ${g + 1}`,
    name_key: `afdeling ${g + 1}`,
    kind: 'department',
    rule_kind: null,
    rule_value: null,
    created_at: created,
    updated_at: created,
  }));
  rows.groups.push(...groups);
  for (let c = 0; c < COURSES; c++) {
    const id = randomUUID();
    rows.courses.push({
      id,
      organisation_id: org,
      owner_id: admin.id,
      title: `Påkrævet kursus ${c + 1}`,
      slug: `bench-required-${c + 1}`,
      subtitle: '',
      description: '',
      category: 'business',
      level: 'beginner',
      language: 'da',
      tags: '[]',
      learning_objectives: '[]',
      target_audience: '',
      duration_minutes: 60,
      pricing: 'free',
      price: 0,
      currency: 'DKK',
      visibility: 'private',
      status: 'published',
      published_at: created,
      source: 'manual',
      version: 1,
      created_at: created,
      updated_at: created,
    });
    rows.requirements.push({
      id: randomUUID(),
      organisation_id: org,
      course_id: id,
      scope: 'everyone',
      due_days: 30,
      due_on: null,
      recur_months: c % 2 === 0 ? 12 : null,
      renew_days: 30,
      created_by: admin.id,
      created_at: created,
      updated_at: created,
      archived_at: null,
    });
  }
  for (let i = 1; i <= PEOPLE; i++) {
    const u = person(i, 'learner');
    rows.users.push(u);
    rows.group_members.push({ group_id: groups[i % GROUPS].id, user_id: u.id, organisation_id: org, joined_at: created, source: 'manual' });
    rows.requirements.forEach((q, c) => {
      const enrolment = randomUUID();
      // Every status, by a fixed pattern over person and course.
      const kind = (i + c) % 7;
      const done = kind === 3 || kind === 4 || kind === 5;
      const completed = done ? now - (kind === 3 ? 30 : kind === 4 ? 350 : 400) * DAY : null;
      const validUntil = done && kind !== 3 ? completed + 365 * DAY : null;
      rows.enrolments.push({
        id: enrolment,
        course_id: q.course_id,
        user_id: u.id,
        source: 'assigned',
        assigned_by: admin.id,
        due_at: iso(now + (kind === 2 ? -5 : 20) * DAY),
        enrolled_at: created,
        progress: done ? 100 : kind === 1 ? 40 : 0,
        completed_at: completed === null ? null : iso(completed),
      });
      const dueAt = now + (kind === 2 ? -5 : 20) * DAY;
      rows.compliance_records.push({
        requirement_id: q.id,
        user_id: u.id,
        organisation_id: org,
        enrolment_id: enrolment,
        assigned_at: created,
        due_at: iso(dueAt),
        completed_at: completed === null ? null : iso(completed),
        valid_until: validUntil === null ? null : iso(validUntil),
        expiring_from: validUntil === null ? null : iso(validUntil - 30 * DAY),
        score: done ? 60 + ((i * 7 + c) % 41) : null,
        started_at: kind === 1 || done ? created : null,
        exempt_reason: kind === 6 ? 'Dokumenteret andetsteds' : null,
        exempted_by: kind === 6 ? admin.id : null,
        exempted_at: kind === 6 ? created : null,
        // What the server keeps beside the dates for counting statuses (src/server/domains/compliance/status.ts).
        phase: kind === 6 ? 0 : done ? 1 : kind === 1 ? 2 : 3,
        turns_at: kind === 6 ? null : done ? (validUntil === null ? null : validUntil - 30 * DAY) : dueAt,
        ends_at: done ? validUntil : null,
      });
    });
  }
  return { rows, cookie: `kursa_session=${token}`, groupId: groups[3].id };
}

const tables = (rows) => Object.keys(rows);
const columnsOf = (rows, table) => Object.keys(rows[table][0]);

export function seedSqlite(file, rows) {
  const db = new SqliteDatabase(file);
  db.pragma('busy_timeout = 10000');
  db.transaction(() => {
    for (const table of tables(rows)) {
      const columns = columnsOf(rows, table);
      const insert = db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => '@' + c).join(', ')})`);
      for (const row of rows[table]) insert.run(row);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

export async function seedPostgres(url, rows) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  for (const table of tables(rows)) {
    const columns = columnsOf(rows, table);
    // Enrolments keep counters by trigger: small transactions, as in service (bench/learning-seed.mjs says why).
    const size = table === 'enrolments' ? 100 : Math.floor(60_000 / columns.length);
    for (let start = 0; start < rows[table].length; start += size) {
      const batch = rows[table].slice(start, start + size);
      const tuples = batch.map((_, r) => `(${columns.map((_c, k) => `$${r * columns.length + k + 1}`).join(', ')})`);
      await client.query(
        `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
        batch.flatMap((row) => columns.map((c) => row[c])),
      );
    }
  }
  await client.query('vacuum analyze');
  await client.end();
}
