import { describe, expect, it } from 'vitest';
import type { TCreateDraftRequest, TCreatorDraft, TUpdateDraftRequest } from '@shared/schemas/creator-drafts.ts';
import { ApiError } from '@/lib/api-client';
import { conceptOf, DraftSync, draftPatch, wizardFromDraft, worthSaving, type WizardState } from '@/features/course-creator/lib/draft-sync';
import { EMPTY_ANSWERS, EMPTY_DRAFT, firstOpenStep } from '@/features/course-creator/lib/wizard';

// Issue 7 §3: the creator wizard's state is saved as a creator draft and restored from one.

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

const state = (overrides: Partial<WizardState> = {}): WizardState => ({
  step: 0,
  mode: 'ai',
  draft: EMPTY_DRAFT,
  concept: null,
  concepts: null,
  profile: null,
  profileDone: false,
  answers: EMPTY_ANSWERS,
  ...overrides,
});

describe('the wizard as a draft', () => {
  it('saves step, mode, the course draft, the concepts with the chosen one and the profile, and restores them as they were', () => {
    const concept = { learning_objectives: ['Løfte rigtigt'], complexity_level: 'intermediate' as const, duration: '3 uger', format: 'blended' as const };
    const concepts = {
      concepts: [{ title: 'Sikkerhed', description: 'Et kursus', differentiator: 'Video', duration_minutes: 180, ...concept }],
      chosen: 0,
      language: 'da' as const,
      source: { provider: 'openai' as const, model: 'gpt-5-mini' },
    };
    const answers = { ...EMPTY_ANSWERS, experience: 'Ti år ', subject: 'Arbejdsmiljø' };
    const before = state({ step: 2, draft: { industry: 'Lager', target_audience: 'Nye', title: 'Sikkerhed', description: 'Et kursus' }, concept, concepts, profile, profileDone: true, answers });
    const patch = draftPatch(before);
    expect(patch).toEqual({
      step: 2,
      mode: 'ai',
      course_context: { industry: 'Lager', target_audience: 'Nye', title: 'Sikkerhed', description: 'Et kursus', ...concept },
      teacher_profile: profile,
      concepts,
      answers: { experience: 'Ti år', subject: 'Arbejdsmiljø' },
    });
    const after = wizardFromDraft(
      stored({
        step: 2,
        course_context: { ...stored().course_context, ...patch.course_context },
        teacher_profile: patch.teacher_profile ?? null,
        concepts: patch.concepts ?? null,
        answers: patch.answers ?? {},
      }),
    );
    expect(after.answers).toEqual({ ...answers, experience: 'Ti år' });
    before.answers = after.answers;
    expect(after).toEqual(before);
  });

  it('cuts text to the server limits, so typing on never makes a save fail', () => {
    const patch = draftPatch(state({ draft: { ...EMPTY_DRAFT, title: `  ${'x'.repeat(500)}  ` } }));
    expect(patch.course_context?.title).toHaveLength(200);
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
        calls.push(`update v${body.version} step=${body.step ?? '-'}`);
        await wait();
        if (!server || server.id !== id) throw new ApiError(404, '404: not found', null);
        if (body.version !== server.version) throw new ApiError(409, '409: conflict', { code: 'VERSION_CONFLICT', message: 'stale' });
        server = { ...server, step: body.step ?? server.step, version: server.version + 1 };
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
    const sync = new DraftSync(api.io, (d) => seen.push(d), (e) => errors.push(e), () => 'da');
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

  it('never goes back to an older version of the same draft', () => {
    const api = fakeApi();
    const { sync } = make(api);
    sync.set(stored({ version: 3 }));
    sync.set(stored({ version: 2, step: 5 }));
    expect(sync.current?.version).toBe(3);
  });
});
