import { DEMO_LEARNER } from '../../shared/demo.ts';
import { ZQuizContent, type TQuizContent } from '../../shared/schemas/lesson-content.ts';
import { findUserById, insertUser, recordLogin } from '../domains/identity/index.ts';
import { type EnrolmentsService, type LearningService, type ReviewsService } from '../domains/learning/index.ts';
import { hashPassword } from '../security/passwords.ts';
import { newId } from '../security/tokens.ts';
import type { Db } from '../db/database.ts';
import { DEMO_COURSES } from './courses.ts';

/** The answers a quiz's key calls right: every correct option, or the first accepted short answer. */
function rightAnswers(quiz: TQuizContent): Record<string, string[] | string> {
  return Object.fromEntries(
    quiz.questions.map((q) => [
      q.id,
      q.type === 'short_answer' ? (q.acceptedAnswers[0] ?? '') : q.options.filter((o) => o.correct).map((o) => o.id),
    ]),
  );
}

/** Answers that miss just enough questions, from the first on, to fail the quiz's pass mark. */
function failing(quiz: TQuizContent): Record<string, string[] | string> {
  const answers = rightAnswers(quiz);
  const total = quiz.questions.length;
  for (const [index, q] of quiz.questions.entries()) {
    answers[q.id] =
      q.type === 'short_answer'
        ? '?'
        : q.options
            .filter((o) => !o.correct)
            .slice(0, 1)
            .map((o) => o.id);
    if (Math.round((100 * (total - index - 1)) / total) < quiz.passMark) break;
  }
  return answers;
}

/**
 * The demo company's learner, who has taken the Danish sample course to the end (the
 * quiz failed once, then passed, so the course is complete and the certificate issued by the same
 * code a real learner goes through), reviewed it, and is halfway through an English course the
 * admin assigned with a due date, where they stopped halfway through its uploaded video.
 * Everything goes through the product's own services, so the
 * dashboard's figures, the activity and the certificate are exactly what real use makes.
 */
export async function seedDemoLearner(
  db: Db,
  services: { learning: LearningService; enrolments: EnrolmentsService; reviews: ReviewsService },
  owner: { organisationId: string; userId: string },
): Promise<void> {
  const learnerId = newId();
  await insertUser(db, {
    id: learnerId,
    organisationId: owner.organisationId,
    email: DEMO_LEARNER.email,
    passwordHash: await hashPassword(DEMO_LEARNER.password),
    contactName: DEMO_LEARNER.contactName,
    phone: '+45 70 10 20 31',
    role: 'learner',
    language: 'da',
  });
  // Like the admin, the learner has a history, and is welcomed back.
  await recordLogin(db, learnerId, new Date());
  const [learner, admin] = [await findUserById(db, learnerId), await findUserById(db, owner.userId)];
  if (!learner || !admin) throw new Error('the demo accounts are missing');
  const courses = await db.selectFrom('courses').select(['id', 'slug']).where('organisation_id', '=', owner.organisationId).execute();
  const courseId = (slug: string) => courses.find((c) => c.slug === slug)?.id;
  const [danish, english] = [DEMO_COURSES[0]!, DEMO_COURSES[1]!];
  const danishId = courseId(danish.slug);
  const englishId = courseId(english.slug);
  if (!danishId || !englishId) throw new Error('the demo courses are missing');

  await services.enrolments.enrol(learner, danishId);
  for (const module of (await services.learning.outline(learner, danishId)).modules) {
    for (const lesson of module.lessons) {
      await services.learning.lesson(learner, danishId, lesson.id);
      if (lesson.kind !== 'quiz') {
        await services.learning.markComplete(learner, danishId, lesson.id);
        continue;
      }
      const quiz = ZQuizContent.parse(
        JSON.parse((await db.selectFrom('lessons').select('content').where('id', '=', lesson.id).executeTakeFirstOrThrow()).content),
      );
      await services.learning.attempt(learner, danishId, lesson.id, failing(quiz));
      await services.learning.attempt(learner, danishId, lesson.id, rightAnswers(quiz));
    }
  }
  await services.reviews.put(learner, danishId, {
    rating: 5,
    comment: 'Konkret og brugbart. Kernebudskabet i én sætning har gjort mine møder kortere.',
  });

  const due = new Date(Date.now() + 14 * 86_400_000).toISOString();
  await services.enrolments.assign(admin, englishId, { userIds: [learnerId], dueAt: due });
  const started = (await services.learning.outline(learner, englishId)).modules
    .flatMap((m) => m.lessons)
    .filter((l) => l.kind !== 'quiz')
    .slice(0, 2);
  for (const lesson of started) {
    await services.learning.lesson(learner, englishId, lesson.id);
    await services.learning.markComplete(learner, englishId, lesson.id);
  }
  // Halfway through the course's uploaded video, so the player offers to resume it.
  const uploaded = english.modules.flatMap((m) => m.lessons).find((l) => l.kind === 'video' && 'file' in l);
  const video = (await services.learning.outline(learner, englishId)).modules
    .flatMap((m) => m.lessons)
    .find((l) => l.title === uploaded?.title);
  if (video) {
    await services.learning.lesson(learner, englishId, video.id);
    await services.learning.savePosition(learner, englishId, video.id, { positionSeconds: 4, durationSeconds: 8 });
  }
}
