import type { TMarketingCopy } from '../../../../shared/schemas/course-marketing.ts';
import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import type { CourseBrief } from '../course-brief.ts';
import { ZMarketingOutput } from './schema.ts';

export interface MarketingInput {
  course: CourseBrief;
  companyName: string;
  instructor: string;
  price: { pricing: string; price: number; currency: string };
}

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er marketingskribent hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Skriv markedsføringen til lanceringen af kurset: en overskrift til landingssiden, 3–6 fordele, præcis 5 e-mails (en lanceringsserie fra annoncering til sidste chance), præcis 20 opslag til sociale medier fordelt på kanalerne, præcis 10 forskellige annoncer, brødteksten til landingssiden samt en SEO-titel på højst 60 tegn og en metabeskrivelse på højst 160 tegn.',
    'Byg alt på kursets faktiske indhold, målgruppe og læringsmål. Lov aldrig noget, kurset ikke indeholder, og opfind aldrig tal, anmeldelser, citater, certificeringer eller resultater.',
    'Skriv i et klart og troværdigt sprog til beslutningstagere og medarbejdere i danske virksomheder, uden overdrivelser og uden emojis.',
  ],
  en: [
    'You are a marketing copywriter at Kursa, a Danish platform for online courses for businesses.',
    'Write the launch marketing for the course: a landing page headline, 3–6 benefits, exactly 5 e-mails (a launch sequence from announcement to last call), exactly 20 social media posts spread over the channels, exactly 10 distinct ad variations, the landing page body copy, and an SEO title of at most 60 characters and a meta description of at most 160 characters.',
    "Base everything on the course's actual content, audience and learning objectives. Never promise what the course does not contain, and never invent figures, reviews, quotes, certifications or results.",
    'Write in clear, credible language for decision makers and employees in businesses, without exaggeration and without emojis.',
  ],
};

export function marketingPrompt(input: MarketingInput, language: AiLanguage): TaskPrompt {
  // Ids mean nothing to a reader; the outline is what the course teaches.
  const outline = input.course.modules.map((m) => ({
    title: m.title,
    lessons: m.lessons.map((l) => ({ title: l.title, kind: l.kind, minutes: l.minutes })),
  }));
  return composePrompt(language, INSTRUCTIONS[language], {
    course: { ...input.course, modules: outline, company: input.companyName, instructor: input.instructor, price: input.price },
  });
}

export const generateMarketing: AiTask<MarketingInput, TMarketingCopy> = {
  name: 'generate-marketing',
  schema: ZMarketingOutput,
  describe: { da: 'Markedsføring til kursets lancering', en: "The course's launch marketing" },
  prompt: marketingPrompt,
};
