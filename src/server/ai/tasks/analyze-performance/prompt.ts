import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { figuresOf, type CoursePerformance } from '../course-brief.ts';
import { ZPerformanceInsights, type TPerformanceInsights } from './schema.ts';

const INSTRUCTIONS: Record<AiLanguage, { common: string[]; learners: string; none: string }> = {
  da: {
    common: [
      'Du er læringsanalytiker hos Kursa, en dansk platform for online kurser til virksomheder.',
      'Analysér kurset og giv underviseren 3–8 indsigter: hvad der virker (positive), hvad der er et problem (warning), og hvad der kan forbedres (improvement), hver med betydning (high, medium, low) og en konkret anbefaling.',
      'Byg hver indsigt på de tal og den struktur, du får – nævn tallet eller modulet, lektionen eller lektionstypen, det handler om. Opfind aldrig tal, deltagere eller indhold, som ikke står i data.',
      'Tallene betyder: completion_rate er andelen af tilmeldte, der har gennemført; engagement_score er den gennemsnitlige andel af lektionerne, hver deltager har arbejdet med; retention_rate er andelen, der har gennemført eller været aktive de seneste 30 dage; quiz_performance er gennemsnittet af deltagernes bedste score pr. quiz; feedback_sentiment er andelen af anmeldelser med 4–5 stjerner; study_time_hours er studietid pr. deltager. Procenter går fra 0 til 100, og null betyder, at der ikke er data.',
    ],
    learners: 'Kurset har deltagere: lad tallene veje tungest, og brug strukturen til at forklare dem.',
    none: 'Kurset har endnu ingen deltagere, så der findes ingen tal for gennemførelse, engagement, bedømmelser eller quizresultater. Analysér kun strukturen (moduler, lektioner, typer, varighed, tomme lektioner, quizzer, læringsmål og beskrivelse), og skriv aldrig noget om, hvordan deltagerne klarer sig.',
  },
  en: {
    common: [
      'You are a learning analyst at Kursa, a Danish platform for online courses for businesses.',
      'Analyse the course and give the instructor 3–8 insights: what works (positive), what is a problem (warning) and what could be improved (improvement), each with an impact (high, medium, low) and a concrete recommendation.',
      'Ground every insight in the figures and structure you are given – name the figure, or the module, lesson or lesson kind it concerns. Never invent figures, learners or content that are not in the data.',
      'The figures mean: completion_rate is the share of enrolled learners who completed; engagement_score is the mean share of the lessons each learner has worked on; retention_rate is the share who completed or were active in the last 30 days; quiz_performance is the mean of learners’ best score per quiz; feedback_sentiment is the share of reviews rated 4–5 stars; study_time_hours is study time per learner. Percentages run from 0 to 100, and null means there is no data.',
    ],
    learners: 'The course has learners: let the figures weigh most, and use the structure to explain them.',
    none: 'The course has no learners yet, so there are no figures for completion, engagement, ratings or quiz results. Analyse the structure only (modules, lessons, kinds, duration, empty lessons, quizzes, learning objectives and description), and never write anything about how learners are doing.',
  },
};

export function performancePrompt(input: CoursePerformance, language: AiLanguage): TaskPrompt {
  const words = INSTRUCTIONS[language];
  return composePrompt(language, [...words.common, input.hasLearners ? words.learners : words.none], {
    course: input.course,
    structure: input.structure,
    ...figuresOf(input),
  });
}

export const analyzePerformance: AiTask<CoursePerformance, TPerformanceInsights> = {
  name: 'analyze-performance',
  schema: ZPerformanceInsights,
  describe: { da: 'Indsigter i kursets resultater og struktur', en: "Insights into the course's results and structure" },
  prompt: performancePrompt,
};
