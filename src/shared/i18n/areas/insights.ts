import type { Entry } from '../entry.ts';

/** The course creator's insights and launch: metrics, suggested changes, the launch checklist. */
export const insightMessages = {
  'insights.courseIdRequired': { spec: 'da', da: 'Angiv kurset (course_id).', en: 'Name the course (course_id).' },
  'insights.optimizationNotFound': { spec: 'da', da: 'Forslaget findes ikke.', en: 'The suggestion does not exist.' },
  'insights.staleSuggestion': {
    spec: 'da',
    da: 'Kurset eller lektionen er ændret, siden forslaget blev lavet. Intet er ændret – bed om nye forslag.',
    en: 'The course or lesson has changed since the suggestion was made. Nothing was changed – ask for new suggestions.',
  },
  'insights.alreadyApplied': { spec: 'da', da: 'Forslaget er allerede anvendt.', en: 'The suggestion has already been applied.' },
  'insights.alreadyDismissed': { spec: 'da', da: 'Forslaget er allerede afvist.', en: 'The suggestion has already been dismissed.' },
  'insights.tooManyObjectives': {
    spec: 'da',
    da: 'Kurset har allerede det største antal læringsmål (20).',
    en: 'The course already has the most learning objectives allowed (20).',
  },
  'insights.launch.content': {
    spec: 'da',
    da: '{{withContent}} af {{lessons}} lektioner har indhold',
    en: '{{withContent}} of {{lessons}} lessons have content',
  },
  'insights.launch.video': {
    spec: 'da',
    da: '{{withVideo}} af {{videoLessons}} videolektioner har en video',
    en: '{{withVideo}} of {{videoLessons}} video lessons have a video',
  },
  'insights.launch.assessments': {
    spec: 'da',
    da: '{{withQuestions}} af {{quizzes}} quizzer har spørgsmål ({{questions}} spørgsmål i alt)',
    en: '{{withQuestions}} of {{quizzes}} quizzes have questions ({{questions}} questions in all)',
  },
  'insights.launch.marketing': {
    spec: 'da',
    da: 'Markedsføring genereret: {{emails}} e-mails, {{socialPosts}} opslag til sociale medier, {{adVariations}} annoncer, landingsside og SEO',
    en: 'Marketing generated: {{emails}} emails, {{socialPosts}} social posts, {{adVariations}} ad variations, landing copy and SEO',
  },
  'insights.launch.noMarketing': { spec: 'da', da: 'Ingen markedsføring genereret endnu', en: 'No marketing generated yet' },
  'insights.launch.analyticsOn': {
    spec: 'da',
    da: 'Kurset er udgivet: tilmeldinger, fremskridt, quizresultater og anmeldelser registreres og indgår i kursets tal ({{enrolments}} tilmeldte)',
    en: "The course is published: enrolments, progress, quiz results and reviews are recorded and feed the course's metrics ({{enrolments}} enrolled)",
  },
  'insights.launch.analyticsOff': {
    spec: 'da',
    da: 'Kurset er ikke udgivet: intet registreres, før kursister kan tilmelde sig',
    en: 'The course is not published: nothing is recorded until learners can enrol',
  },
} as const satisfies Record<string, Entry>;
