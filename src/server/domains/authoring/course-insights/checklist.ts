import type { MessageKey } from '../../../../shared/i18n/messages.ts';
import type { LaunchItem, TLaunchChecklist } from '../../../../shared/schemas/course-insights.ts';
import type { TMarketingCopy } from '../../../../shared/schemas/course-marketing.ts';
import type { CourseSnapshot } from './course-snapshot.ts';

interface ChecklistItem {
  key: LaunchItem;
  done: boolean;
  message: MessageKey;
  figures: Record<string, number>;
}

/**
 * The launch checklist of the creator wizard's Launch step, from the course's real state (ADR 019):
 * - content generated: the course has lessons and none is empty;
 * - video created: at least one video lesson has its video (an upload or an embed);
 * - assessments designed: at least one quiz has questions;
 * - marketing planned: marketing copy has been generated for the course;
 * - analytics configured: the course is published — from then on enrolments, progress, quiz
 *   attempts and reviews are recorded, and they are what the metrics are computed from.
 */
export function checklistOf(
  snapshot: CourseSnapshot,
  enrolments: number,
  marketing: TMarketingCopy | null,
): { items: ChecklistItem[]; stats: TLaunchChecklist['stats'] } {
  const { lessons } = snapshot;
  const withContent = lessons.filter((l) => !l.empty).length;
  const videos = lessons.filter((l) => l.kind === 'video');
  const quizzes = lessons.filter((l) => l.kind === 'quiz');
  const withQuestions = quizzes.filter((q) => q.questions > 0);
  const published = snapshot.course.status === 'published';
  const stats = {
    emails: marketing?.emails.length ?? 0,
    socialPosts: marketing?.socialPosts.length ?? 0,
    adVariations: marketing?.adVariations.length ?? 0,
    landingCopy: Boolean(marketing?.landingCopy),
    seo: Boolean(marketing?.seoTitle && marketing.seoDescription),
  };
  const items: ChecklistItem[] = [
    {
      key: 'content-generated',
      done: lessons.length > 0 && withContent === lessons.length,
      message: 'insights.launch.content',
      figures: { lessons: lessons.length, withContent },
    },
    {
      key: 'video-created',
      done: videos.some((v) => v.hasVideo),
      message: 'insights.launch.video',
      figures: { videoLessons: videos.length, withVideo: videos.filter((v) => v.hasVideo).length },
    },
    {
      key: 'assessments-designed',
      done: withQuestions.length > 0,
      message: 'insights.launch.assessments',
      figures: {
        quizzes: quizzes.length,
        withQuestions: withQuestions.length,
        questions: quizzes.reduce((sum, q) => sum + q.questions, 0),
      },
    },
    {
      key: 'marketing-planned',
      done: marketing !== null,
      message: marketing ? 'insights.launch.marketing' : 'insights.launch.noMarketing',
      figures: { emails: stats.emails, socialPosts: stats.socialPosts, adVariations: stats.adVariations },
    },
    {
      key: 'analytics-configured',
      done: published,
      message: published ? 'insights.launch.analyticsOn' : 'insights.launch.analyticsOff',
      figures: { published: published ? 1 : 0, enrolments },
    },
  ];
  return { items, stats };
}
