/**
 * Kursa capabilities a course can use, which the teacher-needs analysis may find missing from a
 * draft: the model picks from these keys only, and the wizard offers to add them.
 */
export const COURSE_FEATURES = {
  'module-quizzes': { da: 'Quiz efter hvert modul', en: 'A quiz per module' },
  'completion-certificate': { da: 'Kursusbevis ved gennemførelse', en: 'A certificate on completion' },
  'downloadable-workbook': { da: 'Arbejdshæfte til download', en: 'A downloadable workbook' },
  'video-scripts': { da: 'Videomanuskripter', en: 'Video scripts' },
  'second-language': { da: 'En dansk/engelsk version', en: 'A Danish/English version' },
  'due-dates': { da: 'Frister for deltagerne', en: 'Due dates for learners' },
} as const satisfies Record<string, { da: string; en: string }>;

export type CourseFeature = keyof typeof COURSE_FEATURES;
export const COURSE_FEATURE_KEYS = Object.keys(COURSE_FEATURES) as [CourseFeature, ...CourseFeature[]];
