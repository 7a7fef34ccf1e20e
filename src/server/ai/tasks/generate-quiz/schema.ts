import { z } from 'zod';

/**
 * A quiz on a module's lessons: single-choice questions with four options, the
 * correct one, feedback per option, a hint and an explanation. The model's placement of the
 * correct option is not kept: code spreads correct answers evenly over the positions.
 */
export const OPTIONS_PER_QUESTION = 4;
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export const ZQuizQuestionOutput = z
  .object({
    prompt: text(1000, 'The question'),
    options: z
      .array(
        z.object({
          text: text(300, 'The option as the learner reads it'),
          feedback: text(600, 'Why this option is right or wrong, shown after answering'),
        }),
      )
      .min(OPTIONS_PER_QUESTION)
      .max(OPTIONS_PER_QUESTION)
      .describe('Exactly four options, one of them correct'),
    correct_option: z
      .number()
      .int()
      .min(0)
      .max(OPTIONS_PER_QUESTION - 1)
      .describe('The index (0–3) of the correct option'),
    hint: text(500, 'A hint that helps without giving the answer away'),
    explanation: text(1000, 'The explanation shown after the quiz'),
  })
  .superRefine((question, ctx) => {
    const texts = question.options.map((o) => o.text.trim().toLocaleLowerCase());
    if (new Set(texts).size !== texts.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'the options must differ from one another' });
  });

export const ZQuizOutput = z.object({
  questions: z.array(ZQuizQuestionOutput).min(1).max(12).describe('The questions, in order'),
});
export type TQuizOutput = z.infer<typeof ZQuizOutput>;
export type TQuizQuestionOutput = z.infer<typeof ZQuizQuestionOutput>;
