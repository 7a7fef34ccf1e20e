import type { ContentOutput } from '../../../ai/tasks/generate-content/schema.ts';
import type { AiLanguage } from '../../../ai/task.ts';

/**
 * Generated material as a list of simple blocks (heading, paragraph, list, note), built by code
 * from the model's structured answer. The lesson document and the plain-text copy are both made
 * from these blocks, so they always say the same thing — and no model text is ever markup.
 */
export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; text: string; label?: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'note'; variant: 'info' | 'tip'; label: string; text: string };

const LABELS = {
  da: {
    keyPoints: 'Nøglepunkter',
    summary: 'Opsummering',
    scene: 'Scene',
    onScreen: 'På skærmen',
    narration: 'Speak',
    seconds: 'sek.',
    slide: 'Dias',
    notes: 'Talenoter',
    pacing: { slow: 'langsomt', moderate: 'roligt', brisk: 'frisk' },
    pause: 'Pause efter',
    pace: 'Tempo',
    altText: 'Alternativ tekst',
    placement: 'Placering',
    kind: 'Type',
    expected: 'Et godt svar',
    instructions: 'Opgave',
  },
  en: {
    keyPoints: 'Key points',
    summary: 'Summary',
    scene: 'Scene',
    onScreen: 'On screen',
    narration: 'Narration',
    seconds: 's',
    slide: 'Slide',
    notes: 'Speaker notes',
    pacing: { slow: 'slow', moderate: 'moderate', brisk: 'brisk' },
    pause: 'Pause after',
    pace: 'Pacing',
    altText: 'Alt text',
    placement: 'Placement',
    kind: 'Kind',
    expected: 'A good answer',
    instructions: 'Task',
  },
} as const;

type Of<T extends ContentOutput['type']> = Extract<ContentOutput, { type: T }>['value'];

export function blocksOf(output: ContentOutput, language: AiLanguage): Block[] {
  const l = LABELS[language];
  const out: Block[] = [];
  const h2 = (text: string) => out.push({ kind: 'heading', level: 2, text });
  const h3 = (text: string) => out.push({ kind: 'heading', level: 3, text });
  const p = (text: string, label?: string) => out.push(label ? { kind: 'paragraph', text, label } : { kind: 'paragraph', text });
  const list = (items: string[]) => items.length > 0 && out.push({ kind: 'list', items });
  switch (output.type) {
    case 'lesson': {
      const v: Of<'lesson'> = output.value;
      p(v.introduction);
      for (const section of v.sections) {
        h2(section.heading);
        section.paragraphs.forEach((text) => p(text));
        list(section.bullets);
      }
      h2(l.keyPoints);
      list(v.key_points);
      out.push({ kind: 'note', variant: 'info', label: l.summary, text: v.summary });
      break;
    }
    case 'video-script':
      (output.value as Of<'video-script'>).scenes.forEach((scene, i) => {
        h2(`${l.scene} ${i + 1}: ${scene.heading} (${scene.duration_seconds} ${l.seconds})`);
        p(scene.visuals, l.onScreen);
        p(scene.narration, l.narration);
      });
      break;
    case 'presentation':
      (output.value as Of<'presentation'>).slides.forEach((slide, i) => {
        h2(`${l.slide} ${i + 1}: ${slide.title}`);
        list(slide.bullets);
        out.push({ kind: 'note', variant: 'tip', label: l.notes, text: slide.speaker_notes });
      });
      break;
    case 'audio-narration':
      for (const segment of (output.value as Of<'audio-narration'>).segments) {
        h2(segment.heading);
        p(segment.text);
        p(`${l.pace}: ${l.pacing[segment.pacing]}. ${l.pause}: ${segment.pause_after_seconds} ${l.seconds}`);
      }
      break;
    case 'visual-content':
      for (const visual of (output.value as Of<'visual-content'>).visuals) {
        h2(visual.title);
        p(visual.description);
        list([`${l.kind}: ${visual.kind}`, `${l.altText}: ${visual.alt_text}`, `${l.placement}: ${visual.placement}`]);
      }
      break;
    case 'interactive':
      for (const activity of (output.value as Of<'interactive'>).activities) {
        h3(activity.title);
        p(activity.instructions, l.instructions);
        out.push({ kind: 'note', variant: 'tip', label: l.expected, text: activity.expected_answer });
      }
      break;
  }
  return out;
}
