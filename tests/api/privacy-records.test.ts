import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subprocessorsOf, type SubprocessorEnv } from '../../src/server/domains/privacy/legal/subprocessors.ts';
import type { TConsent, TConsentList, TSubprocessorList } from '../../src/shared/schemas/legal.ts';
import type { TUser } from '../../src/shared/schemas/users.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes, pdfText } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';

// What a customer needs for GDPR: the sub-processors read from the installation's configuration,
// the data processing agreement with the company filled in (admins only), and the consents Kursa
// keeps about a person, with withdrawing them (never another person's).

const CONTACT_CONSENT = 'Jeg giver Kursa lov til at gemme oplysningerne i denne formular og bruge dem til at svare mig.';
const NEWSLETTER_CONSENT = 'Markedsførings-e-mails: Kursas nyhedsbrev til din e-mailadresse.';

describe('the sub-processors', () => {
  const base: SubprocessorEnv = { PUBLIC_URL: 'https://kursa.example.dk', STRIPE_API_URL: 'https://api.stripe.com' };

  it('are only the server when nothing else is configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/api/legal/subprocessors' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as TSubprocessorList).subprocessors).toEqual([
        { kind: 'hosting', provider: 'server', host: 'localhost', region: null, location: 'eu', transfer: 'none' },
      ]);
    } finally {
      await t.close();
    }
  });

  it('name the AI provider and the mail server the app is configured with, by their hosts, for anyone', async () => {
    const t = await createTestApp({
      env: {
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: 'https://llm-gateway.example.eu/v1',
        SMTP_URL: 'smtp://mail.example.dk:587',
      },
    });
    try {
      const { subprocessors } = (await t.app.inject({ url: '/api/legal/subprocessors' })).json() as TSubprocessorList;
      expect(subprocessors.map((s) => [s.kind, s.provider, s.host, s.location, s.transfer])).toEqual([
        ['hosting', 'server', 'localhost', 'eu', 'none'],
        ['ai', 'anthropic', 'llm-gateway.example.eu', 'unknown', 'scc-if-outside'],
        ['mail', 'smtp', 'mail.example.dk', 'unknown', 'scc-if-outside'],
      ]);
    } finally {
      await t.close();
    }
  });

  it('follow the AI provider the app picks, Stripe when payments are configured and S3 with its region', () => {
    const kinds = (env: Partial<SubprocessorEnv>) => subprocessorsOf({ ...base, ...env }).map((s) => `${s.kind}:${s.provider}@${s.host}`);
    expect(subprocessorsOf(base)).toHaveLength(1);
    // OpenAI itself, and at its European address.
    expect(subprocessorsOf({ ...base, OPENAI_API_KEY: 'sk' })[1]).toMatchObject({
      provider: 'openai',
      host: 'api.openai.com',
      location: 'us',
      transfer: 'dpf-scc',
    });
    expect(subprocessorsOf({ ...base, OPENAI_API_KEY: 'sk', OPENAI_RESPONSES_BASE_URL: 'https://eu.api.openai.com/v1' })[1]).toMatchObject({
      provider: 'openai',
      host: 'eu.api.openai.com',
      location: 'eu',
    });
    // A compatible server wins over a key for OpenAI or Anthropic, as in ai/providers.ts; on this machine nothing leaves it.
    expect(
      subprocessorsOf({ ...base, OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'a' }).slice(1),
    ).toEqual([{ kind: 'ai', provider: 'openai-compatible', host: '127.0.0.1', region: null, location: 'same-server', transfer: 'none' }]);
    expect(kinds({ OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'a' })).toEqual([
      'hosting:server@kursa.example.dk',
      'ai:openai@api.openai.com',
    ]);
    expect(kinds({ STRIPE_SECRET_KEY: 'sk_test' })).toEqual(['hosting:server@kursa.example.dk', 'payments:stripe@api.stripe.com']);
    expect(subprocessorsOf({ ...base, S3_ENDPOINT: 'https://s3.eu-central-1.example.com', S3_REGION: 'eu-central-1' })[1]).toEqual({
      kind: 'storage',
      provider: 's3',
      host: 's3.eu-central-1.example.com',
      region: 'eu-central-1',
      location: 'unknown',
      transfer: 'scc-if-outside',
    });
    // No company is named that was not configured.
    const all = JSON.stringify(subprocessorsOf({ ...base, SMTP_URL: 'smtps://smtp.example.org' }));
    expect(all).not.toMatch(/openai|anthropic|stripe|s3/i);
  });
});

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
});
afterAll(async () => t.close());

describe('the API documentation', () => {
  it('names the new routes with their parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(doc.paths['/api/legal/subprocessors']?.get).toBeDefined();
    expect(doc.paths['/api/organisation/dpa.pdf']?.get?.parameters?.map((p) => p.name)).toEqual(['lang']);
    expect(doc.paths['/api/me/consents']?.get).toBeDefined();
    expect(doc.paths['/api/me/consents/{kind}/{id}']?.delete?.parameters?.map((p) => p.name).sort()).toEqual(['id', 'kind']);
    expect(doc.paths['/api/audit-log/public-key']?.get?.parameters?.map((p) => p.name)).toEqual(['format']);
  });
});

describe('the data processing agreement as a PDF', () => {
  it("is the admin's company's, with its name and CVR number, in the language asked for", async () => {
    const me = (await call(t, a.admin, 'GET', '/api/me')).json() as TUser;
    const da = await call(t, a.admin, 'GET', '/api/organisation/dpa.pdf?lang=da');
    expect(da.statusCode, da.body).toBe(200);
    expect(da.headers['content-type']).toBe('application/pdf');
    expect(da.headers['content-disposition']).toContain(`databehandleraftale-${me.cvrNumber}.pdf`);
    const text = await pdfText(new Uint8Array(da.rawPayload));
    expect(text).toContain(me.companyName);
    expect(text).toContain(`CVR-nr. ${me.cvrNumber}`);
    expect(text).toContain('Dataansvarlig');
    expect(text).toContain('Behandlingssikkerhed');
    // Links read as their labels on paper.
    expect(text).not.toContain('](/');

    const en = await call(t, a.admin, 'GET', '/api/organisation/dpa.pdf');
    expect(en.statusCode).toBe(200);
    const english = await pdfText(new Uint8Array(en.rawPayload));
    expect(english).toContain('Data processing agreement');
    expect(english).toContain(`CVR no. ${me.cvrNumber}`);
    // Another company's admin gets their own company, never this one.
    const other = (await call(t, b.admin, 'GET', '/api/me')).json() as TUser;
    const theirs = await pdfText(new Uint8Array((await call(t, b.admin, 'GET', '/api/organisation/dpa.pdf')).rawPayload));
    expect(theirs).toContain(other.cvrNumber);
    expect(theirs).not.toContain(me.cvrNumber);
  });

  it('is for admins only', async () => {
    for (const who of [a.instructor, a.learner]) {
      const res = await call(t, who, 'GET', '/api/organisation/dpa.pdf');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await call(t, null, 'GET', '/api/organisation/dpa.pdf')).statusCode).toBe(401);
    expect((await call(t, a.admin, 'GET', '/api/organisation/dpa.pdf?lang=fr')).statusCode).toBe(400);
  });
});

describe("a person's consents", () => {
  const consents = async (who: Person) => {
    const res = await call(t, who, 'GET', '/api/me/consents');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TConsentList).consents;
  };
  const byKind = (list: TConsent[], kind: TConsent['kind']) => list.filter((c) => c.kind === kind);
  let learner: Person;
  let stranger: Person;
  let reviewId: string;

  beforeAll(async () => {
    learner = await addPerson(t, a.admin.organisationId, 'learner');
    stranger = await addPerson(t, b.admin.organisationId, 'learner');
    // The newsletter through the settings' switch, a contact request with the learner's address, a review quoted.
    const subscribed = await call(t, learner, 'PUT', '/api/newsletter/account', {
      subscribed: true,
      language: 'da',
      consentText: NEWSLETTER_CONSENT,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '127.9.0.1',
      payload: {
        name: 'Lærke Kursist',
        email: learner.email,
        company: 'Firma ApS',
        topic: 'demo',
        message: 'Vi vil gerne se Kursa i en demo for 40 medarbejdere.',
        consent: true,
        consentText: CONTACT_CONSENT,
      },
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.instructor.id, 'Førstehjælp');
    expect((await completeCourse(t, learner, course.id)).statusCode).toBe(200);
    const review = await call(t, learner, 'PUT', `/api/courses/${course.id}/review`, {
      rating: 5,
      comment: 'Rigtig godt kursus.',
      quote: true,
    });
    expect(review.statusCode, review.body).toBe(200);
    reviewId = (review.json() as { id: string }).id;
  });

  it('lists what was agreed to, when, and whether it can be withdrawn', async () => {
    const list = await consents(learner);
    expect(list.map((c) => c.kind).sort()).toEqual(['contact', 'newsletter', 'review-quote']);
    expect(byKind(list, 'newsletter')[0]).toMatchObject({ text: NEWSLETTER_CONSENT, withdrawnAt: null, withdrawable: true });
    expect(byKind(list, 'newsletter')[0]!.confirmedAt).toEqual(expect.any(String));
    expect(byKind(list, 'contact')[0]).toMatchObject({ text: CONTACT_CONSENT, subject: 'demo', withdrawable: false });
    expect(byKind(list, 'review-quote')[0]).toMatchObject({ id: reviewId, subject: 'Førstehjælp', withdrawable: true });
    // Newest first.
    expect(list.map((c) => c.givenAt)).toEqual([...list.map((c) => c.givenAt)].sort().reverse());
  });

  it("never shows or withdraws another person's", async () => {
    expect(await consents(stranger)).toEqual([]);
    expect(await consents(a.admin)).toEqual([]);
    const [newsletter] = byKind(await consents(learner), 'newsletter');
    const [contact] = byKind(await consents(learner), 'contact');
    for (const [kind, id] of [
      ['newsletter', newsletter!.id],
      ['review-quote', reviewId],
      ['contact', contact!.id],
    ]) {
      const res = await call(t, stranger, 'DELETE', `/api/me/consents/${kind}/${id}`);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(404);
    }
    expect(byKind(await consents(learner), 'newsletter')[0]!.withdrawnAt).toBeNull();
    expect(byKind(await consents(learner), 'review-quote')).toHaveLength(1);
    expect((await call(t, null, 'GET', '/api/me/consents')).statusCode).toBe(401);
    expect((await call(t, learner, 'DELETE', `/api/me/consents/cookies/${reviewId}`)).statusCode).toBe(400);
  });

  it('withdraws the newsletter and a quote through their own services; a contact request cannot be withdrawn here', async () => {
    const [contact] = byKind(await consents(learner), 'contact');
    const refused = await call(t, learner, 'DELETE', `/api/me/consents/contact/${contact!.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CONSENT_NOT_WITHDRAWABLE' });

    const [newsletter] = byKind(await consents(learner), 'newsletter');
    const res = await call(t, learner, 'DELETE', `/api/me/consents/newsletter/${newsletter!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = byKind((res.json() as TConsentList).consents, 'newsletter')[0]!;
    expect(after.withdrawnAt).toEqual(expect.any(String));
    expect(after.withdrawable).toBe(false);
    expect((await call(t, learner, 'GET', '/api/newsletter/account')).json()).toEqual({ subscribed: false });

    const quote = await call(t, learner, 'DELETE', `/api/me/consents/review-quote/${reviewId}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(byKind((quote.json() as TConsentList).consents, 'review-quote')).toEqual([]);
    // The review stays; only the consent to quote it goes.
    const row = await t.db
      .selectFrom('reviews')
      .select(['rating', 'quote_consent_at'])
      .where('id', '=', reviewId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, quote_consent_at: null });
    expect((await call(t, learner, 'DELETE', `/api/me/consents/review-quote/${reviewId}`)).statusCode).toBe(404);
  });
});
