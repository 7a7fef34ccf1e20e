import type { TCourseConcept, TTeacherProfile } from '@shared/schemas/course-creator.ts';
import { CONTENT_HISTORY, contentHistoryBytes, CREATOR_LIMITS } from '@shared/creator-limits.ts';
import type { TAiSource } from '@shared/schemas/ai.ts';
import type { TGenerateContentResponse } from '@shared/schemas/creator-content.ts';
import type {
  TCreateDraftRequest,
  TCreatorDraft,
  TDraftConcepts,
  TDraftContentItem,
  TDraftTeacherProfile,
  TUpdateDraftRequest,
} from '@shared/schemas/creator-drafts.ts';
import { isApiError } from '@/lib/api-client';
import { clampStep, type WizardMode } from './steps';
import { EMPTY_ANSWERS, type Answers, type CourseDraft } from './wizard';

/** A teacher profile as the wizard shows it: as analysed, or restored from a saved draft (with its AI source when the draft kept one). */
export type WizardProfile = Omit<TTeacherProfile, 'language' | 'source'> & { source?: TAiSource };

/** The chosen concept's part of the course draft, kept with the draft so a reload can still build it. */
export type ConceptDetails = Pick<TCourseConcept, 'learning_objectives' | 'complexity_level' | 'duration' | 'format'>;

/** What the wizard saves of itself, so a reload resumes where the teacher was. */
export interface WizardState {
  step: number;
  mode: WizardMode;
  draft: CourseDraft;
  concept: ConceptDetails | null;
  /** The concepts generated and the one chosen: kept, so a reload shows them without asking the model again. */
  concepts: TDraftConcepts | null;
  /** What the content generator made, newest first: kept for the same reason. */
  contentHistory: TDraftContentItem[];
  profile: WizardProfile | null;
  /** The profile was completed: the wizard went on to the concept step. */
  profileDone: boolean;
  /** The questionnaire's answers so far. */
  answers: Answers;
}

export type DraftPatch = Omit<TUpdateDraftRequest, 'version'>;

/** The profile as a draft stores it: with the model that wrote it, without the answer's language. */
export function draftProfile(profile: WizardProfile): TDraftTeacherProfile {
  const { experience, subject, audience, goals, challenges, preferences, missingFeatures, source } = profile;
  return {
    experience,
    subject,
    audience,
    goals,
    challenges,
    preferences,
    missingFeatures,
    ...(source && { source: { provider: source.provider, model: source.model } }),
  };
}

// Items never change once made: each one's size is measured once.
const itemBytes = new WeakMap<TDraftContentItem, number>();
const sizeOf = (item: TDraftContentItem) => {
  let size = itemBytes.get(item);
  if (size === undefined) {
    // An item's share of the list's JSON: itself less the list's brackets.
    size = contentHistoryBytes([item]) - 2;
    itemBytes.set(item, size);
  }
  return size;
};

/**
 * The history as a draft keeps it: the newest items within CONTENT_HISTORY's bounds (the oldest
 * that do not fit drop off), so a long history never makes the wizard's saves fail.
 */
export function keptHistory(items: readonly TDraftContentItem[]): TDraftContentItem[] {
  const kept: TDraftContentItem[] = [];
  // The list's brackets, then each item and the comma before it.
  let bytes = 2;
  for (const item of items.slice(0, CONTENT_HISTORY.items)) {
    bytes += sizeOf(item) + (kept.length > 0 ? 1 : 0);
    if (bytes > CONTENT_HISTORY.bytes) break;
    kept.push(item);
  }
  return kept;
}

/** Which items a history holds: when each was made, its type and title (an item is never edited). */
const historyKey = (items: readonly TDraftContentItem[] | undefined) =>
  (items ?? []).map((item) => [item.metadata.generated_at, item.type, item.title]);

/** A patch as a key for "has this state been handed to the saver": the history counts by its items, not their text. */
export const draftPatchKey = (patch: DraftPatch): string =>
  JSON.stringify({ ...patch, content_history: historyKey(patch.content_history) });

/** The patch without the history when the draft already holds the same items: typing does not send the history again. */
function withoutSameHistory(patch: DraftPatch, saved: TCreatorDraft): DraftPatch {
  if (
    patch.content_history === undefined ||
    JSON.stringify(historyKey(patch.content_history)) !== JSON.stringify(historyKey(saved.content_history))
  )
    return patch;
  const { content_history: _same, ...rest } = patch;
  return rest;
}

/**
 * An item of the history as the draft keeps it: generate-content's answer without `structured`.
 * Its document is built by the server from the lesson model's nodes (the draft checks it again).
 */
export function historyItem(item: TGenerateContentResponse): TDraftContentItem {
  const { type, title, content, document, metadata, language, source } = item;
  return {
    type,
    title,
    content,
    document: document as TDraftContentItem['document'],
    metadata,
    language,
    source: { provider: source.provider, model: source.model },
  };
}

const cut = (value: string, max: number) => value.trim().slice(0, max);

/** The PATCH that saves the wizard's state; text is cut to the server's limits, so typing never makes a save fail. */
export function draftPatch(state: WizardState): DraftPatch {
  const { draft, concept } = state;
  return {
    step: clampStep(state.step),
    mode: state.mode,
    course_context: {
      industry: cut(draft.industry, CREATOR_LIMITS.short),
      target_audience: cut(draft.target_audience, CREATOR_LIMITS.audience),
      title: cut(draft.title, CREATOR_LIMITS.short),
      description: cut(draft.description, CREATOR_LIMITS.description),
      ...(concept && {
        learning_objectives: concept.learning_objectives
          .map((objective) => cut(objective, CREATOR_LIMITS.objective))
          .filter((objective) => objective !== '')
          .slice(0, CREATOR_LIMITS.objectives),
        complexity_level: concept.complexity_level,
        duration: cut(concept.duration, CREATOR_LIMITS.short),
        format: concept.format,
      }),
    },
    teacher_profile: state.profile ? draftProfile(state.profile) : null,
    concepts: state.concepts,
    content_history: keptHistory(state.contentHistory),
    answers: Object.fromEntries(
      Object.entries(state.answers)
        .map(([question, answer]) => [question, cut(answer, CREATOR_LIMITS.answer)])
        .filter(([, answer]) => answer !== ''),
    ),
  };
}

/** Whether an unsaved wizard holds anything worth a draft: a choice of AI past the start, a profile, or text. */
export const worthSaving = (state: WizardState): boolean =>
  state.profile !== null ||
  state.step > 0 ||
  [...Object.values(state.draft), ...Object.values(state.answers)].some((value) => value.trim() !== '');

const text = (value: string | undefined) => value ?? '';

/** The wizard as a saved draft left it. */
export function wizardFromDraft(saved: TCreatorDraft): WizardState {
  const context = saved.course_context;
  const stored = saved.teacher_profile;
  const profile: WizardProfile | null = stored
    ? {
        experience: text(stored.experience),
        subject: text(stored.subject),
        audience: text(stored.audience),
        goals: text(stored.goals),
        challenges: text(stored.challenges),
        preferences: {
          delivery: text(stored.preferences?.delivery),
          assessment: text(stored.preferences?.assessment),
          vision: text(stored.preferences?.vision),
          transformation: text(stored.preferences?.transformation),
        },
        missingFeatures: (stored.missingFeatures ?? []).filter((feature) => !saved.features.includes(feature.key)),
        ...(stored.source && { source: stored.source }),
      }
    : null;
  return {
    step: clampStep(saved.step),
    mode: saved.mode,
    draft: { industry: context.industry, target_audience: context.target_audience, title: context.title, description: context.description },
    concept:
      context.learning_objectives.length > 0
        ? {
            learning_objectives: context.learning_objectives,
            complexity_level: context.complexity_level,
            duration: context.duration,
            format: context.format,
          }
        : null,
    concepts: saved.concepts,
    contentHistory: saved.content_history,
    profile,
    profileDone: profile !== null && (saved.step > 0 || profile.missingFeatures.length === 0),
    answers: {
      ...EMPTY_ANSWERS,
      ...Object.fromEntries(Object.entries(saved.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    },
  };
}

/** A concept for choose-concept from the saved draft: the chosen one's details, or the title and description alone. */
export function conceptOf(
  state: Pick<WizardState, 'draft' | 'concept'>,
): (Partial<ConceptDetails> & { title: string; description?: string }) | null {
  const title = cut(state.draft.title, 200);
  if (!title) return null;
  const description = cut(state.draft.description, CREATOR_LIMITS.description);
  return { title, ...(description && { description }), ...(state.concept ?? {}) };
}

export interface DraftIo {
  create: (body: TCreateDraftRequest) => Promise<TCreatorDraft>;
  update: (id: string, body: TUpdateDraftRequest) => Promise<TCreatorDraft>;
  get: (id: string) => Promise<TCreatorDraft>;
}

/**
 * Saves the wizard's state in order, one write at a time, always the latest (a burst of typing is
 * one PATCH). Actions on the draft (add-feature, choose-concept, generate) queue behind pending
 * saves and run with the draft's current version, so the wizard never trips over its own writes. A
 * version conflict (the draft changed in another tab) reads the draft again and saves over it once:
 * the screen the teacher is looking at is their latest intent.
 */
export class DraftSync {
  private chain: Promise<unknown> = Promise.resolve();
  private pending: DraftPatch | null = null;
  private flushQueued = false;

  constructor(
    private readonly io: DraftIo,
    /** The draft as saved, after every write. */
    private readonly onDraft: (draft: TCreatorDraft) => void,
    /** A save that failed (null once one succeeds again). */
    private readonly onError: (error: unknown) => void,
    private readonly language: () => 'da' | 'en',
    public current: TCreatorDraft | null = null,
  ) {}

  /** Adopt a draft the wizard read or an action answered. */
  set(draft: TCreatorDraft): void {
    if (this.current && this.current.id === draft.id && this.current.version > draft.version) return;
    this.current = draft;
    this.onDraft(draft);
  }

  /** Save this state (replacing any not yet sent). */
  save(patch: DraftPatch): Promise<void> {
    this.pending = patch;
    if (this.flushQueued) return this.chain.then(() => undefined);
    this.flushQueued = true;
    return this.enqueue(async () => {
      this.flushQueued = false;
      await this.flush().catch((error: unknown) => this.onError(error));
    });
  }

  /** Run an action on the saved draft (made first if there is none), after every save before it. */
  withDraft<T>(action: (draft: TCreatorDraft) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      await this.flush();
      if (!this.current) await this.write({});
      return action(this.current!);
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async flush(): Promise<void> {
    const patch = this.pending;
    if (!patch) return;
    this.pending = null;
    try {
      await this.write(patch);
    } catch (error) {
      // Kept for the next save unless a newer state has come meanwhile.
      this.pending ??= patch;
      throw error;
    }
  }

  private async write(patch: DraftPatch): Promise<void> {
    if (!this.current) {
      this.set(await this.io.create({ language: this.language(), ...patch, mode: patch.mode ?? 'ai' }));
      this.onError(null);
      return;
    }
    try {
      this.set(await this.io.update(this.current.id, { ...withoutSameHistory(patch, this.current), version: this.current.version }));
    } catch (error) {
      if (!(isApiError(error) && error.status === 409)) throw error;
      const latest = await this.io.get(this.current.id);
      this.set(latest);
      this.set(await this.io.update(latest.id, { ...withoutSameHistory(patch, latest), version: latest.version }));
    }
    this.onError(null);
  }
}
