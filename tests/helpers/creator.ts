/** What a model would answer the course creator's template and content tasks, for a Danish course. */

const lesson = (title: string, minutes: number) => ({
  title,
  duration_minutes: minutes,
  summary: `Deltagerne lærer ${title.toLowerCase()}.`,
});
const module = (n: number, type: string) => ({
  title: `Modul ${n}: ${['Grundlag', 'Risici', 'Rutiner', 'Ansvar', 'Opfølgning', 'Ekstra', 'Mere'][n - 1]}`,
  description: `Modul ${n} om sikkerhed på lageret.`,
  lessons: [lesson(`Lektion ${n}.1`, 25), lesson(`Lektion ${n}.2`, 40), lesson(`Lektion ${n}.3`, 55)],
  assessment: { type, title: `Evaluering af modul ${n}` },
});

export function danishTemplate(modules = 3) {
  return {
    title: 'Sikkerhed på lageret',
    description: 'Et praktisk kursus om sikre arbejdsgange på lageret.',
    industry: 'Logistik',
    targetAudience: 'Nye lagermedarbejdere',
    learningObjectives: ['Forklare de vigtigste regler', 'Anvende tjeklisten', 'Genkende farlige situationer'],
    duration_weeks: 8,
    modules: Array.from({ length: modules }, (_, i) => module(i + 1, ['quiz', 'project', 'portfolio'][i % 3]!)),
    assessments: [
      { type: 'quiz', title: 'Afsluttende quiz' },
      { type: 'project', title: 'Sikkerhedsrunde på eget lager' },
    ],
    marketingCopy: {
      landingPageHeadline: 'Kom sikkert hjem hver dag',
      courseBenefits: ['Færre ulykker', 'Tryggere nye kolleger', 'Klare rutiner'],
      socialMediaPosts: ['Nyt kursus om lagersikkerhed', 'Færre ulykker på lageret', 'Tilmeld dit hold'],
      emailSubjects: ['Nyt kursus', 'Sikkerhed på lageret', 'Klar til start?'],
    },
  };
}

export function danishLesson() {
  return {
    title: 'Sikker brug af truck',
    introduction: 'Trucken er lagerets vigtigste værktøj – og dets største risiko.',
    sections: [
      {
        heading: 'Før du kører',
        paragraphs: ['Tjek trucken hver morgen.', 'Meld fejl med det samme.\nKør aldrig med en fejl.'],
        bullets: ['Bremser', 'Lys', 'Gafler'],
      },
      { heading: 'Under kørslen', paragraphs: ['Hold farten nede <script>alert(1)</script> i gangene.'], bullets: [] },
    ],
    key_points: ['Tjek før kørsel', 'Lav fart', 'Meld fejl'],
    summary: 'En sikker dag begynder med et tjek.',
  };
}
