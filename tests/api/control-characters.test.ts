import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, registration, type TestApp } from '../helpers/app.ts';

// PostgreSQL answered 500 to a NUL byte in any text field. Every text field of every
// schema now refuses control characters (other than tab and newline) with a 400 naming the field.
const REFUSED = '\u0000 NUL, \u0007 BEL, \u001B ESC, \u007F DEL, \u0085 NEL'.split(', ').map((s) => s.split(' ')[0]!);
const MESSAGE = 'Feltet indeholder kontroltegn, som ikke er tilladt.';

let t: TestApp;
let admin: { cookie: string; user: { id: string; email: string; contactName: string; bio: string | null } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app);
});
afterAll(async () => t.close());

function withControl(value: string, control: string): string {
  return `${value.slice(0, 3)}${control}${value.slice(3)}`;
}

describe('control characters in text fields', () => {
  const registerFields = [
    'companyName',
    'cvrNumber',
    'contactName',
    'email',
    'phone',
    'address',
    'city',
    'postalCode',
    'password',
    'confirmPassword',
  ] as const;
  for (const field of registerFields) {
    it(`POST /api/register refuses one in ${field}, logged out, and stores nothing`, async () => {
      for (const control of REFUSED) {
        const body = registration();
        const bad = { ...body, [field]: withControl(String(body[field]), control) };
        if (field === 'password') bad.confirmPassword = bad.password;
        const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: bad });
        expect(res.statusCode, `${field} with U+${control.charCodeAt(0).toString(16)}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
        expect(res.json().errors[field]).toBe(MESSAGE);
        expect(await t.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
        expect(await t.db.selectFrom('organisations').select('id').where('cvr', '=', body.cvrNumber).executeTakeFirst()).toBeUndefined();
      }
    });
  }

  it('the reported example: companyName "Nul\\u0000ApS" → 400, nothing stored', async () => {
    const body = registration({ companyName: 'Nul\u0000ApS' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      errors: { companyName: 'The field contains control characters, which are not allowed.' },
    });
    expect(await t.db.selectFrom('organisations').select('id').where('cvr', '=', body.cvrNumber).executeTakeFirst()).toBeUndefined();
  });

  it('POST /api/login refuses one in email or password (400, no session)', async () => {
    for (const [field, payload] of [
      ['email', { email: `a\u0000${admin.user.email}`, password: 'correct-horse-1' }],
      ['password', { email: admin.user.email, password: 'correct\u0000horse-1' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(MESSAGE);
      expect(res.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
    }
  });

  it('POST /api/change-password refuses one in either password and changes nothing', async () => {
    const before = await t.db.selectFrom('users').select('password_hash').where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    for (const [field, payload] of [
      ['currentPassword', { currentPassword: 'correct\u0000horse-1', newPassword: 'another-horse-2' }],
      ['newPassword', { currentPassword: 'correct-horse-1', newPassword: 'another\u0000horse-2' }],
      // A password is compared byte for byte, so a carriage return is refused rather than rewritten.
      ['newPassword', { currentPassword: 'correct-horse-1', newPassword: 'another\rhorse-2' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/change-password', payload, headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(MESSAGE);
    }
    const after = await t.db.selectFrom('users').select('password_hash').where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  const profileFields: Record<string, string> = {
    contactName: 'Bente Hansen',
    email: 'bente@example.dk',
    phone: '+45 87 65 43 21',
    companyName: 'Andet Firma ApS',
    address: 'Vestergade 20',
    city: 'Odense C',
    postalCode: '5000',
    bio: 'Underviser i regnskab',
    expertise: 'Regnskab',
    website: 'https://example.dk',
  };
  for (const [field, value] of Object.entries(profileFields)) {
    it(`PATCH /api/users/:id refuses one in ${field} and changes nothing`, async () => {
      const before = await t.app.inject({ url: '/api/me', headers: { cookie: admin.cookie } });
      for (const control of REFUSED) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${admin.user.id}`,
          payload: { [field]: withControl(value, control) },
          headers: { cookie: admin.cookie },
        });
        expect(res.statusCode, `${field} with U+${control.charCodeAt(0).toString(16)}`).toBe(400);
        expect(res.json().errors[field]).toBe(MESSAGE);
      }
      const after = await t.app.inject({ url: '/api/me', headers: { cookie: admin.cookie } });
      expect(after.json()).toEqual(before.json());
    });
  }

  it('keeps tab and newline, and turns a carriage return into a newline', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: { bio: 'Linje et\r\nLinje to\rLinje\ttre' },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('Linje et\nLinje to\nLinje\ttre');
    const row = await t.db.selectFrom('users').select('bio').where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    expect(row.bio).toBe('Linje et\nLinje to\nLinje\ttre');
  });

  it('refuses one in a URL parameter with 400, never a 5xx', async () => {
    const user = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/ab%00cd',
      payload: { bio: 'x' },
      headers: { cookie: admin.cookie },
    });
    expect(user.statusCode).toBe(400);
    expect(user.json().errors.id).toBe(MESSAGE);
    const cvr = await t.app.inject({ url: '/api/cvr/2505%002943' });
    expect(cvr.statusCode).toBe(400);
    expect(cvr.json().errors.cvr).toBe(MESSAGE);
  });

  it('refuses one in the confirmation code routes and in the current password of an e-mail change', async () => {
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: 'abc\u0000def', code: 'ABCD-EFGH' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().errors.claimId).toBe(MESSAGE);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: 'abcdef', code: 'ABCD\u0000EFGH' },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().errors.code).toBe(MESSAGE);
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/company/verification/confirm',
      payload: { code: 'ABCD\u0000EFGH' },
      headers: { cookie: admin.cookie },
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().errors.code).toBe(MESSAGE);
    const email = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: { email: `new.${Date.now()}@example.dk`, currentPassword: 'correct\u0000horse-1' },
      headers: { cookie: admin.cookie },
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors.currentPassword).toBe(MESSAGE);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: admin.cookie } });
    expect(me.json().email).toBe(admin.user.email);
  });
});
