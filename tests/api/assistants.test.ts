import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, systemOf } from '../helpers/ai.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../helpers/fake-openai.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// The three assistants over the real HTTP stack and database, with a fake
// OpenAI-compatible provider at the edge: availability, the chat (stateless and stored), context
// loaded with the user's rights, hints only during a quiz, the limits, and deleting conversations.
let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
let base: string;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url, { AI_CHAT_MESSAGES_PER_USER_MONTH: '50' }), aiRetry: FAST_RETRY });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await company(t);
  b = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => {
  ai.reset();
  ai.answerWith(() => answer.text('Et godt spørgsmål. Her er mit svar.'));
});

const chat = (who: Person | null, body: Record<string, unknown>) =>
  call(t, who, 'POST', '/api/chat', { aiService: 'learning-coach', ...body });
const chatTurns = (request: RecordedRequest) => request.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.content}`);

const doc = (...texts: string[]) => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});
const QUIZ = {
  passMark: 100,
  maxAttempts: null,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Hvor højt må en palle stables?',
      hint: 'Tænk på reolens skilt.',
      explanation: 'Skiltet på reolen angiver den største højde.',
      options: [
        { id: 'o1', text: 'Til loftet', correct: false, feedback: 'Nej.' },
        { id: 'o2', text: 'Som skiltet angiver', correct: true, feedback: 'HEMMELIG-FEEDBACK' },
      ],
      acceptedAnswers: [],
    },
  ],
};

/** A published course of company A with a safety lesson, a forklift lesson and a quiz. */
async function safetyCourse() {
  const course = await insertCourse(
    t.db,
    a.admin.organisationId,
    a.instructor.id,
    { title: 'Sikkerhed på lageret', description: 'Et kursus om sikkert lagerarbejde.' },
    [
      {
        title: 'Grundregler',
        lessons: [
          {
            title: 'Personlige værnemidler',
            content: doc('Sikkerhedssko med stålnæse skal altid bæres på lageret.', 'Høreværn bruges ved maskiner over 85 dB.'),
          },
          {
            title: 'Truckkørsel',
            content: doc('Gaffeltrucken må kun føres af personer med truckcertifikat.', 'Kør altid med gaflerne sænket.'),
          },
          { title: 'Quiz om stabling', kind: 'quiz', content: QUIZ },
        ],
      },
    ],
  );
  const lessons = await t.db.selectFrom('lessons').select(['id', 'title']).where('course_id', '=', course.id).orderBy('position').execute();
  return { ...course, lessons: Object.fromEntries(lessons.map((l) => [l.title, l.id])) as Record<string, string> };
}

describe('GET /api/ai-services', () => {
  it('lists the three assistants, available to a signed-in user when a provider is configured', async () => {
    const res = await call(t, a.learner, 'GET', '/api/ai-services');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ slug: 'learning-coach', name: 'Learning Coach', available: true, unavailableReason: null }),
      expect.objectContaining({ slug: 'creative-designer', name: 'Creative Designer', available: true }),
      expect.objectContaining({ slug: 'research-analyst', name: 'Research Analyst', available: true }),
    ]);
    expect(res.json()[0].description).toMatch(/learners/);
    // A visitor sees them, but must sign in to use them.
    const visitor = (await call(t, null, 'GET', '/api/ai-services')).json();
    expect(
      visitor.every((s: { available: boolean; unavailableReason: string }) => !s.available && s.unavailableReason === 'login_required'),
    ).toBe(true);
  });

  it("says 'not configured' without a provider, and the chat answers 503", async () => {
    const bare = await createTestApp();
    try {
      const c = await company(bare);
      const list = (await call(bare, c.learner, 'GET', '/api/ai-services')).json();
      expect(list).toHaveLength(3);
      expect(
        list.every((s: { available: boolean; unavailableReason: string }) => !s.available && s.unavailableReason === 'not_configured'),
      ).toBe(true);
      const res = await call(bare, c.admin, 'POST', '/api/chat', { message: 'Hej', aiService: 'learning-coach', conversationHistory: [] });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });

  it("says 'quota exceeded' once the company's tokens are spent, and the chat answers 429 without asking the model", async () => {
    const c = await company(t);
    await t.db
      .insertInto('ai_usage')
      .values({
        id: `spent-${c.admin.id}`,
        organisation_id: c.admin.organisationId,
        user_id: null,
        task: 'generate-lesson',
        provider: 'openai-compatible',
        model: 'm',
        input_tokens: 2_000_000,
        output_tokens: 0,
        requests: 1,
        duration_ms: 1,
        outcome: 'ok',
        created_at: new Date().toISOString(),
      })
      .execute();
    const list = (await call(t, c.learner, 'GET', '/api/ai-services')).json();
    expect(list.every((s: { unavailableReason: string }) => s.unavailableReason === 'quota_exceeded')).toBe(true);
    const res = await chat(c.learner, { message: 'Hej' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('AI_QUOTA_EXCEEDED');
    expect(ai.requests).toHaveLength(0);
  });
});

describe('POST /api/chat', () => {
  it("answers in the chat API's fixed shape, passing the history through to the model in order", async () => {
    const res = await chat(a.learner, {
      message: '  Hvad er en læringsplan?  ',
      conversationHistory: [
        { role: 'user', content: 'Hej' },
        { role: 'assistant', content: 'Hej! Hvad kan jeg hjælpe med?' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      response: 'Et godt spørgsmål. Her er mit svar.',
      serviceName: 'Learning Coach',
      conversationId: null,
      sources: [],
      hintsOnly: false,
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    expect(ai.requests).toHaveLength(1);
    expect(chatTurns(ai.requests[0]!)).toEqual(['user: Hej', 'assistant: Hej! Hvad kan jeg hjælpe med?', 'user: Hvad er en læringsplan?']);
    // Each assistant has its own instructions, in the user's language (the request asked for English).
    expect(systemOf(ai.requests[0]!)).toMatch(/You are the Learning Coach/);
    await chat(a.instructor, { aiService: 'research-analyst', message: 'Er det rigtigt at 85 dB er grænsen?' });
    expect(systemOf(ai.requests[1]!)).toMatch(/Research Analyst[\s\S]*cannot verify/);
    const usage = await t.db.selectFrom('ai_usage').selectAll().where('user_id', '=', a.learner.id).execute();
    expect(usage).toMatchObject([{ task: 'assistant-chat', outcome: 'ok' }]);
  });

  it('refuses a blank message, an unknown assistant and a visitor, asking the model nothing', async () => {
    for (const message of ['', '   ', '\n\t']) {
      const res = await chat(a.learner, { message });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await chat(a.learner, { message: 'Hej', aiService: 'tutor-9000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('CHAT_UNKNOWN_SERVICE');
    expect((await chat(null, { message: 'Hej' })).statusCode).toBe(401);
    expect(ai.requests).toHaveLength(0);
    expect(await t.db.selectFrom('ai_conversations').selectAll().where('user_id', '=', a.learner.id).execute()).toHaveLength(0);
  });

  it('answers 502 when the provider fails, and a stored conversation keeps the question with a failed reply', async () => {
    ai.answerWith(() => answer.status(500));
    const res = await chat(a.learner, { message: 'Virker det?', save: true });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('AI_PROVIDER_FAILED');
    const [conversation] = (await call(t, a.learner, 'GET', '/api/conversations')).json();
    const stored = (await call(t, a.learner, 'GET', `/api/conversations/${conversation.id}`)).json();
    expect(stored.messages).toMatchObject([
      { role: 'user', content: 'Virker det?', status: 'complete' },
      { role: 'assistant', content: '', status: 'failed' },
    ]);
    // Retry answers the same question again, in place of the failed reply.
    ai.answerWith(() => answer.text('Ja, nu virker det.'));
    const retried = await chat(a.learner, { conversationId: conversation.id, retry: true });
    expect(retried.statusCode).toBe(200);
    expect(chatTurns(ai.requests.at(-1)!)).toEqual(['user: Virker det?']);
    const after = (await call(t, a.learner, 'GET', `/api/conversations/${conversation.id}`)).json();
    expect(after.messages).toMatchObject([
      { role: 'user', content: 'Virker det?' },
      { role: 'assistant', content: 'Ja, nu virker det.', status: 'complete' },
    ]);
    expect(after.messageCount).toBe(2);
  });
});

describe('stored conversations', () => {
  it("are the user's own: saved, continued from the stored history, listed, read and deleted from the database", async () => {
    const first = await chat(a.instructor, { message: 'Hvordan skriver jeg gode læringsmål for et kursus om truckkørsel?', save: true });
    expect(first.statusCode).toBe(200);
    const id = first.json().conversationId as string;
    expect(id).toBeTruthy();
    ai.answerWith(() => answer.text('Brug aktive udsagnsord.'));
    // The stored history is used, not what the client sends.
    const second = await chat(a.instructor, {
      message: 'Giv et eksempel',
      conversationId: id,
      conversationHistory: [{ role: 'user', content: 'FORFALSKET' }],
    });
    expect(second.json().conversationId).toBe(id);
    expect(chatTurns(ai.requests[1]!)).toEqual([
      'user: Hvordan skriver jeg gode læringsmål for et kursus om truckkørsel?',
      'assistant: Et godt spørgsmål. Her er mit svar.',
      'user: Giv et eksempel',
    ]);

    const list = (await call(t, a.instructor, 'GET', '/api/conversations')).json();
    expect(list[0]).toMatchObject({
      id,
      aiService: 'learning-coach',
      messageCount: 4,
      context: null,
      title: 'Hvordan skriver jeg gode læringsmål for et kursus om truckkørsel?',
    });
    const one = (await call(t, a.instructor, 'GET', `/api/conversations/${id}`)).json();
    expect(one.messages.map((m: { role: string; content: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // Another user — a colleague, another company's admin — cannot see, continue or delete it.
    for (const other of [a.admin, a.otherInstructor, b.admin]) {
      expect((await call(t, other, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404);
      expect((await call(t, other, 'DELETE', `/api/conversations/${id}`)).statusCode).toBe(404);
      expect((await chat(other, { message: 'Hej', conversationId: id })).statusCode).toBe(404);
      expect((await call(t, other, 'GET', '/api/conversations')).json().some((c: { id: string }) => c.id === id)).toBe(false);
    }
    expect((await chat(a.instructor, { message: 'Hej', conversationId: id, aiService: 'creative-designer' })).json().code).toBe(
      'CHAT_SERVICE_MISMATCH',
    );

    expect((await call(t, a.instructor, 'DELETE', `/api/conversations/${id}`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('ai_conversations').selectAll().where('id', '=', id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('ai_messages').selectAll().where('conversation_id', '=', id).execute()).toHaveLength(0);
    expect((await call(t, a.instructor, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404);
  });

  it('cuts a long first message into a title at a word', async () => {
    const long = 'Hvordan '.repeat(30);
    const res = await chat(a.learner, { message: long, save: true });
    const list = (await call(t, a.learner, 'GET', '/api/conversations')).json();
    const mine = list.find((c: { id: string }) => c.id === res.json().conversationId);
    expect(mine.title.length).toBeLessThanOrEqual(80);
    expect(mine.title).toMatch(/^Hvordan( Hvordan)*…$/);
  });
});

describe('context, with the user’s rights', () => {
  it("grounds a builder's chat in their course, and answers 404 for another company's course or a course the learner is not enrolled in", async () => {
    const course = await safetyCourse();
    const res = await chat(a.instructor, { message: 'Hvad mangler kurset?', context: { courseId: course.id } });
    expect(res.statusCode).toBe(200);
    const system = systemOf(ai.requests[0]!);
    expect(system).toMatch(/instructor building the course/);
    expect(system).toContain('Sikkerhed på lageret');
    expect(system).toContain('Truckkørsel');
    ai.reset();
    ai.answerWith(() => answer.text('x'));
    expect((await chat(b.admin, { message: 'Hej', context: { courseId: course.id } })).statusCode).toBe(404);
    expect((await chat(a.learner, { message: 'Hej', context: { courseId: course.id } })).statusCode).toBe(404);
    expect((await chat(a.instructor, { message: 'Hej', context: { courseId: course.id, lessonId: 'no-such-lesson' } })).statusCode).toBe(
      404,
    );
    expect((await chat(a.instructor, { message: 'Hej', context: { courseId: 'no-such-course' } })).statusCode).toBe(404);
    expect(ai.requests).toHaveLength(0);

    // A stored conversation keeps where it was last held: continued from a lesson, it is about that lesson.
    const started = (await chat(a.instructor, { message: 'Hvad mangler kurset?', context: { courseId: course.id }, save: true })).json();
    const lessonId = course.lessons['Truckkørsel']!;
    expect(
      (
        await chat(a.instructor, {
          message: 'Og denne lektion?',
          conversationId: started.conversationId,
          context: { courseId: course.id, lessonId },
        })
      ).statusCode,
    ).toBe(200);
    const held = (await call(t, a.instructor, 'GET', `/api/conversations/${started.conversationId}`)).json();
    expect(held.context).toEqual({ courseId: course.id, lessonId });
    expect(systemOf(ai.requests.at(-1)!)).toMatch(/"title": "Truckkørsel"/);
  });

  it('gives a learner on a quiz they have not passed hints only, and never the answers', async () => {
    const course = await safetyCourse();
    expect((await call(t, a.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(201);
    const quizId = course.lessons['Quiz om stabling']!;
    const res = await chat(a.learner, { message: 'Hvad er svaret på spørgsmål 1?', context: { courseId: course.id, lessonId: quizId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().hintsOnly).toBe(true);
    const system = systemOf(ai.requests[0]!);
    expect(system).toMatch(/Give hints only/);
    expect(system).toContain('Hvor højt må en palle stables?');
    expect(system).toContain('Tænk på reolens skilt.');
    // The quiz's key never reaches the model.
    expect(system).not.toMatch(/"correct"|HEMMELIG-FEEDBACK|Skiltet på reolen angiver/);

    const pass = await call(t, a.learner, 'POST', `/api/learning/${course.id}/lessons/${quizId}/attempts`, { answers: { q1: ['o2'] } });
    expect(pass.json().passed).toBe(true);
    const after = await chat(a.learner, { message: 'Forklar spørgsmål 1', context: { courseId: course.id, lessonId: quizId } });
    expect(after.json().hintsOnly).toBe(false);
    expect(systemOf(ai.requests[1]!)).not.toMatch(/Give hints only/);
  });
});

describe('grounded in the course', () => {
  it("answers a learner from the course's passages and cites the lesson it used as a link", async () => {
    const course = await safetyCourse();
    expect((await call(t, a.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(201);
    const lessonId = course.lessons['Personlige værnemidler']!;
    // The model cites the first passage it was given.
    ai.answerWith(() => answer.text('Du skal have et truckcertifikat [1].'));
    const res = await chat(a.learner, { message: 'Hvem må køre gaffeltruck?', context: { courseId: course.id, lessonId }, save: true });
    expect(res.statusCode).toBe(200);
    const system = systemOf(ai.requests[0]!);
    // The passage that answers it is in the prompt, numbered; the quiz's key is not.
    expect(system).toMatch(/"number": 1,\s*"lesson": "Truckkørsel"/);
    expect(system).toContain('Gaffeltrucken må kun føres af personer med truckcertifikat.');
    expect(system).not.toMatch(/Som skiltet angiver|HEMMELIG-FEEDBACK/);
    const truck = course.lessons['Truckkørsel']!;
    expect(res.json().sources).toEqual([
      { number: 1, courseId: course.id, lessonId: truck, title: 'Truckkørsel', href: `/learn/${course.id}/${truck}` },
    ]);
    // The stored reply keeps its sources.
    const stored = (await call(t, a.learner, 'GET', `/api/conversations/${res.json().conversationId}`)).json();
    expect(stored.messages[1].sources).toEqual(res.json().sources);
    // The builder's links lead to the builder.
    const built = await chat(a.instructor, { message: 'Hvem må køre gaffeltruck?', context: { courseId: course.id } });
    expect(built.json().sources[0].href).toBe(`/dashboard/courses/${course.id}?lesson=${truck}`);
  });

  it('tells the model when the course does not cover the question, and cites nothing', async () => {
    const course = await safetyCourse();
    ai.answerWith(() => answer.text('Det dækker kurset ikke [1].'));
    const res = await chat(a.instructor, { message: 'Hvad koster en pizza i Rom?', context: { courseId: course.id } });
    expect(res.statusCode).toBe(200);
    expect(systemOf(ai.requests[0]!)).toMatch(/No passage of the course matches the question/);
    expect(res.json().sources).toEqual([]);
  });
});

describe('limits', () => {
  it('holds a user to the monthly message limit, and deleting conversations gives none back', async () => {
    const limited = await createTestApp({ env: fakeAiEnv(ai.url, { AI_CHAT_MESSAGES_PER_USER_MONTH: '2' }), aiRetry: FAST_RETRY });
    try {
      const c = await company(limited);
      const send = (body: Record<string, unknown>) =>
        call(limited, c.learner, 'POST', '/api/chat', { aiService: 'creative-designer', ...body });
      const first = await send({ message: 'Farver til et kursus?', save: true });
      expect(first.statusCode).toBe(200);
      expect((await send({ message: 'Og skrifttyper?' })).statusCode).toBe(200);
      expect((await call(limited, c.learner, 'DELETE', `/api/conversations/${first.json().conversationId}`)).statusCode).toBe(204);
      const over = await send({ message: 'Og billeder?' });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'CHAT_LIMIT_REACHED', message: expect.stringContaining('2 messages') });
      const list = (await call(limited, c.learner, 'GET', '/api/ai-services')).json();
      expect(list[0]).toMatchObject({ available: false, unavailableReason: 'limit_reached' });
      // A colleague has their own.
      expect((await call(limited, c.instructor, 'POST', '/api/chat', { aiService: 'creative-designer', message: 'Hej' })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

/** Reads a text/event-stream answer as it comes; `until` may abort the request (the widget's Stop). */
async function streamChat(
  who: Person,
  body: Record<string, unknown>,
  until?: (events: { event: string; data: Record<string, unknown> }[]) => boolean,
) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/chat`, {
    method: 'POST',
    // One connection per stream. A kept-alive socket that turns idle after app.close() has begun is
    // not closed by Fastify 5's default forceCloseConnections 'idle' (fastify/fastify#7044), so the
    // test app's close waited out the keep-alive timeout; the product's stop (http/graceful-stop.ts)
    // closes quiet connections itself.
    headers: {
      cookie: who.cookie,
      accept: 'text/event-stream',
      'content-type': 'application/json',
      'accept-language': 'da',
      connection: 'close',
    },
    body: JSON.stringify({ aiService: 'learning-coach', ...body }),
    signal: controller.signal,
  });
  const events: { event: string; data: Record<string, unknown> }[] = [];
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return { status: res.status, events, json: await res.json() };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        events.push({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) });
      }
      if (until?.(events)) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: res.status, events };
}

describe('the streaming form', () => {
  it('sends start, the reply in pieces as the model writes it, then the same result as the JSON answer', async () => {
    const text = 'Læringsmål skrives med aktive udsagnsord, så de kan måles. '.repeat(3);
    ai.answerWith(() => answer.text(text, { chunkDelayMs: 5 }));
    const res = await streamChat(a.learner, { message: 'Hvordan skriver jeg læringsmål?', save: true });
    expect(res.status).toBe(200);
    expect(res.events[0]).toMatchObject({ event: 'start', data: { hintsOnly: false, conversationId: expect.any(String) } });
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((d) => d.data.text).join('')).toBe(text);
    const result = res.events.at(-1)!;
    expect(result).toMatchObject({
      event: 'result',
      data: { response: text, serviceName: 'Learning Coach', conversationId: res.events[0]!.data.conversationId },
    });
  });

  it('a reply stopped while it is written keeps the text so far; Retry writes it anew in its place', async () => {
    const text = 'Første del af svaret. '.repeat(40);
    ai.answerWith(() => answer.text(text, { chunkDelayMs: 20 }));
    const stopped = await streamChat(
      a.learner,
      { message: 'Fortæl mig alt om værnemidler', save: true },
      (events) => events.filter((e) => e.event === 'delta').length >= 3,
    );
    const id = stopped.events[0]!.data.conversationId as string;
    const shown = stopped.events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(shown.length).toBeGreaterThan(0);
    // The server sees the connection close and keeps what was written (at least what was shown).
    let messages: { role: string; content: string; status: string }[] = [];
    for (let i = 0; i < 100 && messages.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      messages = (await call(t, a.learner, 'GET', `/api/conversations/${id}`)).json().messages;
    }
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ role: 'assistant', status: 'stopped' });
    expect(messages[1]!.content.startsWith(shown)).toBe(true);
    expect(messages[1]!.content.length).toBeLessThan(text.length);
    const usage = await t.db
      .selectFrom('ai_usage')
      .select('outcome')
      .where('user_id', '=', a.learner.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(usage.outcome).toBe('aborted');

    ai.answerWith(() => answer.text('Et kort svar.'));
    const retried = await streamChat(a.learner, { conversationId: id, retry: true });
    expect(retried.events.at(-1)).toMatchObject({ event: 'result', data: { response: 'Et kort svar.' } });
    const after = (await call(t, a.learner, 'GET', `/api/conversations/${id}`)).json().messages;
    expect(after).toMatchObject([
      { role: 'user', content: 'Fortæl mig alt om værnemidler' },
      { role: 'assistant', content: 'Et kort svar.', status: 'complete' },
    ]);
  });

  it('refusals before the reply begins are plain HTTP errors, not a stream', async () => {
    const res = await streamChat(a.learner, { message: ' ' });
    expect(res.status).toBe(400);
    expect(res.events).toHaveLength(0);
  });
});
