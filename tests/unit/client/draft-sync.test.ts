import { describe, expect, it } from 'vitest';
import {
  CONTENT_HISTORY,
  contentHistoryBytes,
  type TCreateDraftRequest,
  type TCreatorDraft,
  type TDraftContentItem,
  type TUpdateDraftRequest,
} from '@shared/schemas/creator-drafts.ts';
import { ApiError } from '@/lib/api-client';
import {
  conceptOf,
  DraftSync,
  draftPatch,
  draftPatchKey,
  historyItem,
  keptHistory,
  wizardFromDraft,
  worthSaving,
  type WizardState,
} from '@/features/authoring/course-creator/lib/draft-sync';
import { EMPTY_ANSWERS, EMPTY_DRAFT, firstOpenStep } from '@/features/authoring/course-creator/lib/wizard';

// The creator wizard's state is saved as a creator draft and restored from one.

function stored(overrides: Partial<TCreatorDraft> = {}): TCreatorDraft {
  return {
    id: 'd1',
    owner: { id: 'u1', name: 'Ulla' },
    course_id: null,
    language: 'da',
    step: 0,
    mode: 'ai',
    course_context: {
      industry: '',
      target_audience: '',
      title: '',
      description: '',
      learning_objectives: [],
      complexity_level: 'beginner',
      duration: '',
      format: 'video',
    },
    teacher_profile: null,
    answers: {},
    features: [],
    template: null,
    concepts: null,
    content_history: [],
    version: 1,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

const profile = {
  experience: 'Ti år',
  subject: 'Arbejdsmiljø',
  audience: 'Nye medarbejdere',
  goals: 'Arbejde sikkert',
  challenges: 'Skiftehold',
  preferences: { delivery: 'Video', assessment: 'Quiz', vision: 'Nul ulykker', transformation: 'Sikre vaner' },
  missingFeatures: [
    { key: 'module-quizzes' as const, reason: 'Vis at de kan reglerne' },
    { key: 'video-scripts' as const, reason: 'De lærer bedst af video' },
  ],
};

/** A generated item as the content generator keeps it; `text` makes it as long as wanted. */
const item = (n: number, text = `Tekst ${n}`): TDraftContentItem => ({
  type: 'lesson',
  title: `Lektion ${n}`,
  content: text,
  document: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
  metadata: { duration: 30, difficulty: 'intermediate', generated_at: new Date(Date.UTC(2026, 10, 27, 10, 0, n)).toISOString() },
  language: 'da',
  source: { provider: 'openai', model: 'gpt-5-mini' },
});

const state = (overrides: Partial<WizardState> = {}): WizardState => ({
  step: 0,
  mode: 'ai',
  draft: EMPTY_DRAFT,
  concept: null,
  concepts: null,
  contentHistory: [],
  profile: null,
  profileDone: false,
  answers: EMPTY_ANSWERS,
  ...overrides,
});

describe('the wizard as a draft', () => {
  it('saves step, mode, the course draft, the concepts with the chosen one, the content history and the profile with its source, and restores them as they were', () => {
    const concept = {
      learning_objectives: ['Løfte rigtigt'],
      complexity_level: 'intermediate' as const,
      duration: '3 uger',
      format: 'blended' as const,
    };
    const concepts = {
      concepts: [{ title: 'Sikkerhed', description: 'Et kursus', differentiator: 'Video', duration_minutes: 180, ...concept }],
      chosen: 0,
      language: 'da' as const,
      source: { provider: 'openai' as const, model: 'gpt-5-mini' },
    };
    const answers = { ...EMPTY_ANSWERS, experience: 'Ti år ', subject: 'Arbejdsmiljø' };
    const contentHistory = [item(2), item(1)];
    const sourced = { ...profile, source: { provider: 'anthropic' as const, model: 'claude-sonnet' } };
    const before = state({
      step: 2,
      draft: { industry: 'Lager', target_audience: 'Nye', title: 'Sikkerhed', description: 'Et kursus' },
      concept,
      concepts,
      contentHistory,
      profile: sourced,
      profileDone: true,
      answers,
    });
    const patch = draftPatch(before);
    expect(patch).toEqual({
      step: 2,
      mode: 'ai',
      course_context: { industry: 'Lager', target_audience: 'Nye', title: 'Sikkerhed', description: 'Et kursus', ...concept },
      teacher_profile: sourced,
      concepts,
      content_history: contentHistory,
      answers: { experience: 'Ti år', subject: 'Arbejdsmiljø' },
    });
    const after = wizardFromDraft(
      stored({
        step: 2,
        course_context: { ...stored().course_context, ...patch.course_context },
        teacher_profile: patch.teacher_profile ?? null,
        concepts: patch.concepts ?? null,
        content_history: patch.content_history ?? [],
        answers: patch.answers ?? {},
      }),
    );
    expect(after.profile?.source).toEqual({ provider: 'anthropic', model: 'claude-sonnet' });
    expect(after.answers).toEqual({ ...answers, experience: 'Ti år' });
    before.answers = after.answers;
    expect(after).toEqual(before);
  });

  it('cuts text to the server limits, so typing on never makes a save fail', () => {
    const patch = draftPatch(state({ draft: { ...EMPTY_DRAFT, title: `  ${'x'.repeat(500)}  ` } }));
    expect(patch.course_context?.title).toHaveLength(200);
  });

  it('keeps the newest content the draft can hold: at most CONTENT_HISTORY.items, and the oldest dropped past its bytes', () => {
    const many = Array.from({ length: CONTENT_HISTORY.items + 5 }, (_, n) => item(100 - n));
    expect(keptHistory(many)).toEqual(many.slice(0, CONTENT_HISTORY.items));
    // Each about two fifths of the budget (the text is in `content` and in the document): two fit, the third does not.
    const big = [0, 1, 2].map((n) => item(n, String(n).repeat(CONTENT_HISTORY.bytes / 5)));
    const kept = keptHistory(big);
    expect(kept).toEqual(big.slice(0, 2));
    expect(contentHistoryBytes(kept)).toBeLessThanOrEqual(CONTENT_HISTORY.bytes);
    expect(contentHistoryBytes(big.slice(0, 3))).toBeGreaterThan(CONTENT_HISTORY.bytes);
    // As large as the budget allows is kept, a character more is not (each character is in the text twice).
    const room = Math.floor((CONTENT_HISTORY.bytes - contentHistoryBytes([item(9, '')])) / 2);
    const fits = item(9, 'x'.repeat(room));
    expect(contentHistoryBytes([fits])).toBeGreaterThan(CONTENT_HISTORY.bytes - 2);
    expect(keptHistory([fits])).toEqual([fits]);
    expect(keptHistory([item(9, 'x'.repeat(room + 1))])).toEqual([]);
  });

  it('keeps an item as generate-content answered it, without its raw structure', () => {
    const answered = {
      ...item(1),
      document: { type: 'doc' as const, content: item(1).document.content as unknown[] },
      structured: { sections: [] },
    };
    expect(historyItem(answered)).toEqual(item(1));
  });

  it('drops features the draft already has from the restored profile, and counts a profile with none left as completed', () => {
    const restored = wizardFromDraft(stored({ step: 0, teacher_profile: profile, features: ['module-quizzes', 'video-scripts'] }));
    expect(restored.profile?.missingFeatures).toEqual([]);
    expect(restored.profileDone).toBe(true);
    const open = wizardFromDraft(stored({ step: 0, teacher_profile: profile, features: ['module-quizzes'] }));
    expect(open.profile?.missingFeatures.map((f) => f.key)).toEqual(['video-scripts']);
    expect(open.profileDone).toBe(false);
  });

  it('is worth a draft only once there is something to keep', () => {
    expect(worthSaving(state())).toBe(false);
    expect(worthSaving(state({ draft: { ...EMPTY_DRAFT, industry: ' ' } }))).toBe(false);
    expect(worthSaving(state({ step: 1 }))).toBe(true);
    expect(worthSaving(state({ draft: { ...EMPTY_DRAFT, industry: 'Lager' } }))).toBe(true);
    expect(worthSaving(state({ profile }))).toBe(true);
    expect(worthSaving(state({ answers: { ...EMPTY_ANSWERS, experience: 'Ti år' } }))).toBe(true);
  });

  it('continues restored answers at the first question still open', () => {
    expect(firstOpenStep(EMPTY_ANSWERS)).toBe(0);
    expect(firstOpenStep({ ...EMPTY_ANSWERS, experience: 'a', subject: 'b', audience: 'c' })).toBe(3);
    // Step 6 asks two questions: one answered is not enough.
    const five = { ...EMPTY_ANSWERS, experience: 'a', subject: 'b', audience: 'c', goals: 'd', challenges: 'e', delivery: 'f' };
    expect(firstOpenStep(five)).toBe(5);
    const all = Object.fromEntries(Object.keys(EMPTY_ANSWERS).map((key) => [key, 'x'])) as typeof EMPTY_ANSWERS;
    expect(firstOpenStep(all)).toBe(7);
  });

  it('makes a concept for choose-concept from the saved draft, or none without a title', () => {
    expect(conceptOf({ draft: EMPTY_DRAFT, concept: null })).toBeNull();
    expect(conceptOf({ draft: { ...EMPTY_DRAFT, title: 'Sikkerhed ' }, concept: null })).toEqual({ title: 'Sikkerhed' });
  });
});

/** A fake of the drafts API that keeps one draft with a version, as the server does. */
function fakeApi() {
  let server: TCreatorDraft | null = null;
  const calls: string[] = [];
  const gates: Array<() => void> = [];
  let held = false;
  const wait = () => (held ? new Promise<void>((resolve) => gates.push(resolve)) : Promise.resolve());
  return {
    calls,
    hold: () => (held = true),
    release: () => {
      held = false;
      for (const gate of gates.splice(0)) gate();
    },
    bump: (changes: Partial<TCreatorDraft>) => (server = { ...server!, ...changes, version: server!.version + 1 }),
    get server() {
      return server;
    },
    io: {
      create: async (body: TCreateDraftRequest) => {
        calls.push(`create step=${body.step ?? '-'}`);
        await wait();
        server = stored({ step: body.step ?? 0, mode: body.mode ?? null });
        return server;
      },
      update: async (id: string, body: TUpdateDraftRequest) => {
        calls.push(
          `update v${body.version} step=${body.step ?? '-'}${body.content_history ? ` history=${body.content_history.length}` : ''}`,
        );
        await wait();
        if (!server || server.id !== id) throw new ApiError(404, '404: not found', null);
        if (body.version !== server.version) throw new ApiError(409, '409: conflict', { code: 'VERSION_CONFLICT', message: 'stale' });
        server = {
          ...server,
          step: body.step ?? server.step,
          content_history: body.content_history ?? server.content_history,
          version: server.version + 1,
        };
        return server;
      },
      get: async () => {
        calls.push('get');
        return server!;
      },
    },
  };
}

describe('DraftSync', () => {
  const make = (api: ReturnType<typeof fakeApi>) => {
    const seen: TCreatorDraft[] = [];
    const errors: unknown[] = [];
    const sync = new DraftSync(
      api.io,
      (d) => seen.push(d),
      (e) => errors.push(e),
      () => 'da',
    );
    return { sync, seen, errors };
  };

  it('creates the draft with the first save, then saves only the latest of a burst', async () => {
    const api = fakeApi();
    const { sync } = make(api);
    await sync.save(draftPatch(state({ step: 1 })));
    api.hold();
    const first = sync.save(draftPatch(state({ step: 2 })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls.at(-1)).toBe('update v1 step=2');
    // While step 2 is being written, steps 3 and 4 come: only 4 is written after it.
    void sync.save(draftPatch(state({ step: 3 })));
    const last = sync.save(draftPatch(state({ step: 4 })));
    api.release();
    await Promise.all([first, last]);
    expect(api.calls).toEqual(['create step=1', 'update v1 step=2', 'update v2 step=4']);
    expect(sync.current?.step).toBe(4);
  });

  it('runs an action after the saves before it, with the draft at its latest version', async () => {
    const api = fakeApi();
    const { sync } = make(api);
    void sync.save(draftPatch(state({ step: 1 })));
    const version = await sync.withDraft(async (draft) => draft.version);
    expect(version).toBe(1);
    void sync.save(draftPatch(state({ step: 2 })));
    expect(await sync.withDraft(async (draft) => draft.version)).toBe(2);
  });

  it('on a version conflict reads the draft again and saves over it once', async () => {
    const api = fakeApi();
    const { sync, errors } = make(api);
    await sync.save(draftPatch(state({ step: 1 })));
    api.bump({ features: ['module-quizzes'] });
    await sync.save(draftPatch(state({ step: 2 })));
    expect(api.calls).toEqual(['create step=1', 'update v1 step=2', 'get', 'update v2 step=2']);
    expect(api.server).toMatchObject({ step: 2, features: ['module-quizzes'], version: 3 });
    expect(errors.at(-1)).toBeNull();
  });

  it('reports a save that failed and sends it again with the next one', async () => {
    const api = fakeApi();
    const { sync, errors } = make(api);
    await sync.save(draftPatch(state({ step: 1 })));
    const realUpdate = api.io.update;
    api.io.update = async () => {
      throw new ApiError(500, '500: boom', null);
    };
    await sync.save(draftPatch(state({ step: 2 })));
    expect(errors.at(-1)).toBeInstanceOf(ApiError);
    api.io.update = realUpdate;
    await sync.withDraft(async () => undefined);
    expect(api.server?.step).toBe(2);
    expect(errors.at(-1)).toBeNull();
  });

  it('sends the content history only when it holds other items than the saved draft: typing does not send it again', async () => {
    const api = fakeApi();
    const { sync } = make(api);
    await sync.save(draftPatch(state({ step: 3 })));
    const contentHistory = [item(1)];
    await sync.save(draftPatch(state({ step: 3, contentHistory })));
    // The same items again (a copy, as a reload gives them): not sent.
    await sync.save(
      draftPatch(state({ step: 3, contentHistory: structuredClone(contentHistory), draft: { ...EMPTY_DRAFT, title: 'Sikkerhed' } })),
    );
    await sync.save(draftPatch(state({ step: 3, contentHistory: [item(2), ...contentHistory] })));
    expect(api.calls).toEqual(['create step=3', 'update v1 step=3 history=1', 'update v2 step=3', 'update v3 step=3 history=2']);
    expect(api.server?.content_history.map((i) => i.title)).toEqual(['Lektion 2', 'Lektion 1']);
    // Another tab emptied it meanwhile: after the conflict it is compared with the draft as read again, and sent.
    api.bump({ content_history: [] });
    await sync.save(draftPatch(state({ step: 4, contentHistory: [item(2), ...contentHistory] })));
    expect(api.calls.slice(-3)).toEqual(['update v4 step=4', 'get', 'update v5 step=4 history=2']);
    expect(api.server?.content_history).toHaveLength(2);
  });

  it('keys a state by its history’s items, not their text', () => {
    const a = draftPatch(state({ contentHistory: [item(1)] }));
    expect(draftPatchKey(a)).toBe(draftPatchKey(draftPatch(state({ contentHistory: [structuredClone(item(1))] }))));
    expect(draftPatchKey(a)).not.toBe(draftPatchKey(draftPatch(state({ contentHistory: [item(2)] }))));
    expect(draftPatchKey(a)).not.toContain('Tekst 1');
  });

  it('never goes back to an older version of the same draft', () => {
    const api = fakeApi();
    const { sync } = make(api);
    sync.set(stored({ version: 3 }));
    sync.set(stored({ version: 2, step: 5 }));
    expect(sync.current?.version).toBe(3);
  });
});
