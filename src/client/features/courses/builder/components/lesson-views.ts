import { lazy } from 'react';

/** The content editors and the learner's renderer (helper "editors"), downloaded when first shown. */
export const LessonEditor = lazy(() => import('@/features/courses/lesson-editors/lesson-editor'));
export const LessonView = lazy(() => import('@/features/courses/lesson-editors/lesson-view'));
