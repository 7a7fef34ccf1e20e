import type { DemoCover } from './cover.ts';
import type { CourseCategory, CourseLevel, Currency } from '../../shared/schemas/courses.ts';
import type { TQuizContent, TTextContent } from '../../shared/schemas/lesson-content.ts';
import { callout, doc, h2, h3, ol, p, quote, table, ul } from './doc.ts';

/**
 * The demo company's three sample courses: real, usable training a Danish company
 * could give its people on day one — one in Danish, two in English — each with text lessons, a
 * video, a download (a PDF made at seed time) and a quiz. One video is a file of ours rather than
 * YouTube, so playback, seeking and resuming show without a network; it is the paid course's free
 * preview, which a visitor can watch before buying. Seeded into an empty database only.
 */

export interface DemoPdf {
  fileName: string;
  title: string;
  sections: { heading: string; lines: string[] }[];
}

export type DemoLesson = (
  | { kind: 'text'; title: string; durationMinutes: number; content: TTextContent }
  | { kind: 'video'; title: string; durationMinutes: number; url: string; notes: TTextContent }
  /** A video file shipped next to the seed (demo/<file>), stored as an upload of the course. */
  | { kind: 'video'; title: string; durationMinutes: number; file: string; notes: TTextContent }
  | { kind: 'download'; title: string; durationMinutes: number; pdf: DemoPdf; notes: TTextContent }
  | { kind: 'quiz'; title: string; durationMinutes: number; quiz: TQuizContent }
) & {
  /** Anyone may open it from the course's page, before enrolling or buying. */
  freePreview?: true;
};

export interface DemoCourse {
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  language: 'da' | 'en';
  tags: string[];
  learningObjectives: string[];
  targetAudience: string;
  pricing: 'free' | 'paid';
  /** Minor units. */
  price: number;
  currency: Currency;
  modules: { title: string; description: string; lessons: DemoLesson[] }[];
  /** The thumbnail's colours (drawn by cover.ts). */
  cover: DemoCover;
}

const presentation: DemoCourse = {
  cover: { from: [79, 70, 229], to: [14, 165, 233] },
  slug: 'praesentationsteknik-tal-saa-folk-lytter',
  title: 'Præsentationsteknik: Tal, så folk lytter',
  subtitle: 'Forbered, strukturér og fremfør et oplæg, der bliver husket',
  description:
    'Et praktisk kursus for alle, der holder oplæg på møder, for kunder eller på konferencer. Du lærer at finde dit budskab, bygge en enkel struktur, bruge stemmen bevidst og håndtere nerver og spørgsmål. Kurset veksler mellem korte tekster, en video og en tjekliste, du kan bruge før dit næste oplæg.',
  category: 'business',
  level: 'beginner',
  language: 'da',
  tags: ['kommunikation', 'præsentation', 'møder', 'stemme'],
  learningObjectives: [
    'Formulere et oplægs kernebudskab i én sætning',
    'Bygge et oplæg op efter en enkel tredelt struktur',
    'Bruge tempo, pauser og stemmeføring bevidst',
    'Forberede sig på spørgsmål og håndtere nervøsitet',
  ],
  targetAudience:
    'Medarbejdere og ledere, der præsenterer for kolleger, kunder eller bestyrelser og vil gøre det tydeligere og mere roligt.',
  pricing: 'free',
  price: 0,
  currency: 'DKK',
  modules: [
    {
      title: 'Fra emne til budskab',
      description: 'Hvad skal tilhørerne vide, føle og gøre, når du er færdig?',
      lessons: [
        {
          kind: 'text',
          title: 'Find dit kernebudskab',
          durationMinutes: 10,
          content: doc(
            p(
              'De fleste oplæg fejler ikke, fordi taleren ved for lidt, men fordi hun vil sige det hele. Tilhørerne husker sjældent mere end én til tre pointer. Din første opgave er derfor at vælge.',
            ),
            h2('Budskabet i én sætning'),
            p(
              'Skriv oplæggets pointe som én sætning, en kollega kunne gentage ved kaffemaskinen bagefter. Ikke emnet ("Status på projekt Nord"), men påstanden ("Projekt Nord er to uger forsinket, og vi skal vælge mellem mere budget eller færre funktioner").',
            ),
            callout('tip', 'Test sætningen: Kan den stå alene? Tager den stilling? Ville du kunne sige den på 15 sekunder i en elevator?'),
            h2('Vid, føl, gør'),
            p('Spørg dig selv, hvad tilhørerne skal:'),
            ul(
              '**vide** — den ene ting, de ikke vidste før',
              '**føle** — tryghed, utålmodighed, nysgerrighed?',
              '**gøre** — beslutte, godkende, prøve noget nyt i morgen',
            ),
            p('Alt i oplægget, der ikke hjælper på en af de tre, kan skæres fra eller flyttes til et bilag.'),
          ),
        },
        {
          kind: 'text',
          title: 'En struktur, der holder',
          durationMinutes: 12,
          content: doc(
            p(
              'En enkel struktur gør det let for tilhørerne at følge med og let for dig at huske, hvor du er. Den klassiske tredeling virker i næsten alle situationer.',
            ),
            table(
              ['Del', 'Formål', 'Tid (ud af 10 min)'],
              ['Åbning', 'Fang opmærksomheden og sig, hvad de får ud af at lytte', '1 min'],
              ['Midte', 'Højst tre pointer, hver med et eksempel eller et tal', '7 min'],
              ['Afslutning', 'Gentag budskabet og sig, hvad der skal ske nu', '2 min'],
            ),
            h3('Åbningen'),
            p(
              'Start med noget, der vedrører tilhørerne: et spørgsmål, et overraskende tal eller en kort historie. Undgå at starte med en undskyldning eller en dagsorden på ti punkter.',
            ),
            h3('Afslutningen'),
            p(
              'Slut aldrig på "Er der nogen spørgsmål?". Tag spørgsmålene, og slut derefter med dit budskab og den handling, du beder om. Så er det dit budskab, folk går derfra med.',
            ),
            quote('Fortæl dem, hvad du vil fortælle dem. Fortæl dem det. Fortæl dem, hvad du har fortalt dem.'),
          ),
        },
      ],
    },
    {
      title: 'Fremførelsen',
      description: 'Stemme, krop, nerver og spørgsmål.',
      lessons: [
        {
          kind: 'video',
          title: 'Video: Sådan taler du, så folk har lyst til at lytte',
          durationMinutes: 10,
          url: 'https://www.youtube.com/watch?v=eIho2S0ZahI',
          notes: doc(
            p(
              'Lydeksperten Julian Treasure gennemgår de vaner, der får tilhørere til at falde fra, og de redskaber i stemmen — register, klang, prosodi, tempo, tonehøjde og volumen — som du kan træne. Videoen er på engelsk (danske undertekster kan slås til i afspilleren).',
            ),
            callout(
              'info',
              'Læg mærke til, hvordan han selv bruger pauser. Prøv bagefter at læse dit kernebudskab højt tre gange: hurtigt, langsomt og med en pause før det vigtigste ord.',
            ),
          ),
        },
        {
          kind: 'text',
          title: 'Nerver og spørgsmål',
          durationMinutes: 8,
          content: doc(
            p('Næsten alle bliver nervøse før et oplæg. Målet er ikke at fjerne nerverne, men at give dem noget at lave.'),
            ol(
              'Øv åbningen, til du kan den udenad. De første 60 sekunder er de sværeste.',
              'Træk vejret langsomt ud, før du begynder. En lang udånding sænker pulsen.',
              'Find to-tre venlige ansigter i salen, og tal til dem.',
              'Hav vand inden for rækkevidde, og brug en slurk som en naturlig pause.',
            ),
            h2('Når spørgsmålene kommer'),
            p(
              'Gentag eller omformulér spørgsmålet, så alle har hørt det, og du får tre sekunders tænketid. Ved du ikke svaret, så sig det, og lov at vende tilbage — og gør det.',
            ),
            callout(
              'warning',
              'Et spørgsmål, der er en kritik i forklædning, skal ikke vindes. Anerkend synspunktet, svar sagligt, og tilbyd at tage resten efter mødet.',
            ),
          ),
        },
        {
          kind: 'download',
          title: 'Tjekliste før dit næste oplæg',
          durationMinutes: 5,
          pdf: {
            fileName: 'tjekliste-praesentation.pdf',
            title: 'Tjekliste: Før dit næste oplæg',
            sections: [
              {
                heading: 'En uge før',
                lines: [
                  'Skriv dit kernebudskab i én sætning.',
                  'Vælg højst tre pointer med hvert sit eksempel.',
                  'Spørg arrangøren om tid, publikum og udstyr.',
                ],
              },
              {
                heading: 'Dagen før',
                lines: [
                  'Øv hele oplægget højt mindst to gange, med ur.',
                  'Lær de første 60 sekunder udenad.',
                  'Skriv de tre spørgsmål ned, du helst ikke vil have, og forbered svar.',
                ],
              },
              {
                heading: 'På dagen',
                lines: [
                  'Test skærm, klikker og lyd i lokalet.',
                  'Stil vand frem.',
                  'Afslut med budskabet og det, du beder tilhørerne om at gøre.',
                ],
              },
            ],
          },
          notes: doc(p('Print tjeklisten, eller gem den på telefonen, og gå den igennem en uge før, dagen før og på dagen.')),
        },
        {
          kind: 'quiz',
          title: 'Quiz: Præsentationsteknik',
          durationMinutes: 5,
          quiz: {
            passMark: 75,
            maxAttempts: 3,
            revealAnswers: 'finished',
            questions: [
              {
                id: 'q1',
                type: 'single',
                prompt: 'Hvad er et godt kernebudskab?',
                hint: 'Tænk på, hvad en kollega kunne gentage bagefter.',
                explanation: 'Et kernebudskab tager stilling og kan stå alene. Et emne eller en dagsorden er ikke et budskab.',
                options: [
                  { id: 'a', text: 'Status på projekt Nord', correct: false, feedback: 'Det er et emne, ikke en påstand.' },
                  {
                    id: 'b',
                    text: 'Projekt Nord er forsinket, og vi skal vælge mellem mere budget eller færre funktioner',
                    correct: true,
                    feedback: 'Ja — den tager stilling og peger på en beslutning.',
                  },
                  {
                    id: 'c',
                    text: 'Dagsorden: 1. Baggrund 2. Status 3. Eventuelt',
                    correct: false,
                    feedback: 'En dagsorden fortæller rækkefølgen, ikke pointen.',
                  },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q2',
                type: 'true_false',
                prompt: 'Et oplæg bør slutte med "Er der nogen spørgsmål?".',
                hint: '',
                explanation: 'Tag spørgsmålene, men slut med dit budskab og den handling, du beder om.',
                options: [
                  { id: 'true', text: 'Sandt', correct: false, feedback: 'Så bliver det sidste spørgsmål det, folk husker.' },
                  { id: 'false', text: 'Falsk', correct: true, feedback: 'Rigtigt — slut med budskabet.' },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q3',
                type: 'multiple',
                prompt: 'Hvilke redskaber i stemmen nævner videoen? (Vælg alle rigtige)',
                hint: 'Der er seks i alt.',
                explanation: 'Register, klang, prosodi, tempo, tonehøjde og volumen.',
                options: [
                  { id: 'a', text: 'Tempo', correct: true, feedback: '' },
                  { id: 'b', text: 'Volumen', correct: true, feedback: '' },
                  { id: 'c', text: 'Dialekt', correct: false, feedback: 'Dialekt er ikke et af de seks redskaber.' },
                  { id: 'd', text: 'Prosodi', correct: true, feedback: '' },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q4',
                type: 'short_answer',
                prompt: 'Hvor mange pointer bør midterdelen højst have?',
                hint: 'Tilhørerne husker sjældent flere.',
                explanation: 'Højst tre pointer, hver med et eksempel eller et tal.',
                options: [],
                acceptedAnswers: ['3', 'tre'],
              },
            ],
          },
        },
      ],
    },
  ],
};

const purpose: DemoCourse = {
  cover: { from: [15, 118, 110], to: [132, 204, 22] },
  slug: 'leading-with-purpose-start-with-why',
  title: 'Leading with Purpose: Start with Why',
  subtitle: 'Turn your team’s purpose into decisions people understand and follow',
  description:
    'A short leadership course for team leads and managers. You will put your team’s purpose into words, use it to explain decisions, and run a one-hour workshop that gets your team to own it. Built around Simon Sinek’s Golden Circle, with a worksheet to use with your own team.',
  category: 'leadership',
  level: 'intermediate',
  language: 'en',
  tags: ['leadership', 'purpose', 'communication', 'team'],
  learningObjectives: [
    'Explain the Golden Circle and why it changes how messages land',
    'Write a purpose statement for your own team',
    'Explain a decision by starting from why',
    'Run a purpose workshop with your team',
  ],
  targetAudience: 'New and experienced team leads, project managers and department heads.',
  pricing: 'paid',
  price: 49_500,
  currency: 'DKK',
  modules: [
    {
      title: 'The Golden Circle',
      description: 'Why, how and what — and why the order matters.',
      lessons: [
        {
          kind: 'video',
          title: 'Video: How great leaders inspire action',
          durationMinutes: 18,
          url: 'https://www.youtube.com/watch?v=qp0HIF3SfI4',
          notes: doc(
            p(
              'In this talk Simon Sinek describes the Golden Circle: most organisations communicate from the outside in — *what* they do, then *how* — and rarely get to *why*. The ones that inspire start with why.',
            ),
            callout(
              'tip',
              'While you watch, write down one thing your team does (what), the way it does it (how), and your best guess at why it matters. You will use the notes in the next lesson.',
            ),
          ),
        },
        {
          kind: 'text',
          title: 'Putting your team’s why into words',
          durationMinutes: 15,
          content: doc(
            p(
              'A purpose statement is not a slogan. It says what changes for someone because your team exists. Use this pattern as a first draft:',
            ),
            quote('We [contribution] so that [impact].'),
            h2('Three examples'),
            ul(
              '**Finance team:** We give every manager numbers they can trust on the first working day of the month, so that decisions are made on facts, not on feelings.',
              '**Customer service:** We solve the customer’s problem in the first conversation, so that they never have to explain it twice.',
              '**IT support:** We keep people’s tools working and out of their way, so that they can spend the day on their actual job.',
            ),
            h2('Check your draft'),
            table(
              ['Question', 'A good answer'],
              ['Would a customer or colleague recognise it?', 'Yes — it names who benefits'],
              ['Could a competitor write the same sentence?', 'Not quite — it reflects what you really do'],
              ['Does it help you say no to something?', 'Yes — a purpose that excludes nothing guides nothing'],
            ),
          ),
        },
      ],
    },
    {
      title: 'Leading from why',
      description: 'Use the purpose in daily decisions and make it the team’s own.',
      lessons: [
        {
          kind: 'video',
          freePreview: true,
          title: 'Video: The Golden Circle in eight seconds',
          durationMinutes: 1,
          file: 'golden-circle.webm',
          notes: doc(
            p(
              'A recap before you put the purpose to work: the circle is drawn from the inside out — *why* first, then *how*, then *what*.',
            ),
            callout('tip', 'Pause on the last frame and fill in the three rings for your own team.'),
          ),
        },
        {
          kind: 'text',
          title: 'Explaining decisions from why',
          durationMinutes: 12,
          content: doc(
            p(
              'People accept hard decisions more readily when they understand the reason. When you announce a change, reverse the usual order:',
            ),
            ol(
              '**Why** — the purpose or problem the decision serves.',
              '**How** — the principle you used to choose.',
              '**What** — the decision itself, and what it means for each person.',
            ),
            callout(
              'warning',
              'Starting with why does not mean hiding the what. Say the decision clearly within the first two minutes; a long build-up makes people anxious.',
            ),
            h2('Example'),
            p(
              '*"We promised customers an answer within a day (why). We looked at where tickets wait longest and chose to fix the biggest queue first (how). From Monday, two of us move to the returns queue for six weeks (what)."*',
            ),
          ),
        },
        {
          kind: 'download',
          title: 'Worksheet: one-hour purpose workshop',
          durationMinutes: 10,
          pdf: {
            fileName: 'purpose-workshop-worksheet.pdf',
            title: 'Worksheet: A one-hour purpose workshop',
            sections: [
              {
                heading: 'Before (10 min of your time)',
                lines: [
                  'Book one hour with the whole team, in person if you can.',
                  'Bring your draft purpose statement, but do not show it yet.',
                ],
              },
              {
                heading: 'Part 1 — Stories (20 min)',
                lines: [
                  'Each person shares a moment when the team made a real difference for someone.',
                  'Write the people who benefited and the difference on the board.',
                ],
              },
              {
                heading: 'Part 2 — Drafts (20 min)',
                lines: ['In pairs, write "We ... so that ..." from the stories.', 'Read the drafts aloud; circle words that recur.'],
              },
              {
                heading: 'Part 3 — Agree (20 min)',
                lines: [
                  'Combine the strongest parts into one sentence.',
                  'Test it: who benefits, could a competitor say it, what does it rule out?',
                  'Agree where the sentence will live and when you will revisit it.',
                ],
              },
            ],
          },
          notes: doc(p('Use this worksheet to run the workshop with your own team. It works with 4 to 12 people.')),
        },
        {
          kind: 'quiz',
          title: 'Quiz: Leading with purpose',
          durationMinutes: 5,
          quiz: {
            passMark: 70,
            maxAttempts: 3,
            revealAnswers: 'finished',
            questions: [
              {
                id: 'q1',
                type: 'single',
                prompt: 'In the Golden Circle, where do inspiring leaders start?',
                hint: 'The title of the course gives it away.',
                explanation: 'They start with why, then how, then what.',
                options: [
                  { id: 'a', text: 'What', correct: false, feedback: 'That is where most organisations start.' },
                  { id: 'b', text: 'How', correct: false, feedback: 'How comes second.' },
                  { id: 'c', text: 'Why', correct: true, feedback: 'Right.' },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q2',
                type: 'multiple',
                prompt: 'Which of these make a good team purpose statement? (Choose all that apply)',
                hint: 'Think of the three check questions.',
                explanation: 'A good statement names who benefits, is specific to your team, and helps you say no.',
                options: [
                  { id: 'a', text: 'It names who benefits', correct: true, feedback: '' },
                  {
                    id: 'b',
                    text: 'Any company could use it unchanged',
                    correct: false,
                    feedback: 'Then it says nothing about your team.',
                  },
                  { id: 'c', text: 'It helps you decide what not to do', correct: true, feedback: '' },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q3',
                type: 'true_false',
                prompt: 'When explaining a decision from why, it is fine to wait until the end to say what was decided.',
                hint: '',
                explanation: 'Say the decision clearly within the first two minutes; a long build-up makes people anxious.',
                options: [
                  { id: 'true', text: 'True', correct: false, feedback: 'A long build-up makes people anxious.' },
                  { id: 'false', text: 'False', correct: true, feedback: 'Right — why first, but the what comes quickly.' },
                ],
                acceptedAnswers: [],
              },
            ],
          },
        },
      ],
    },
  ],
};

const procrastination: DemoCourse = {
  cover: { from: [190, 24, 93], to: [249, 115, 22] },
  slug: 'beat-procrastination-practical-time-management',
  title: 'Beat Procrastination: Practical Time Management',
  subtitle: 'Understand why we put things off, and build a week that gets the important work done',
  description:
    'Everyone procrastinates, and most time-management advice ignores why. This course starts with the psychology, then gives you three tools that work in a busy office week: the priority matrix, time blocking and the two-minute start. Includes a weekly planner to print.',
  category: 'business',
  level: 'beginner',
  language: 'en',
  tags: ['productivity', 'time management', 'planning', 'focus'],
  learningObjectives: [
    'Recognise the patterns behind your own procrastination',
    'Sort tasks by urgency and importance',
    'Plan a week with time blocks for deep work',
    'Start an avoided task with the two-minute rule',
  ],
  targetAudience: 'Anyone whose calendar is full but whose important work keeps slipping.',
  pricing: 'free',
  price: 0,
  currency: 'DKK',
  modules: [
    {
      title: 'Why we put things off',
      description: 'The psychology behind procrastination.',
      lessons: [
        {
          kind: 'video',
          title: 'Video: Inside the mind of a master procrastinator',
          durationMinutes: 14,
          url: 'https://www.youtube.com/watch?v=arj7oStGLkU',
          notes: doc(
            p(
              'Tim Urban explains procrastination with the Instant Gratification Monkey and the Panic Monster — and points out that tasks without a deadline are where procrastination does the most harm.',
            ),
            callout(
              'tip',
              'List two things in your work or life that have no deadline but matter. Keep the list: lesson 3 gives them a place in your week.',
            ),
          ),
        },
        {
          kind: 'text',
          title: 'It’s about feelings, not time',
          durationMinutes: 8,
          content: doc(
            p(
              'Research on procrastination points to the same conclusion again and again: we do not put tasks off because we manage time badly, but because the task makes us feel something unpleasant — boredom, uncertainty, fear of doing it badly.',
            ),
            h2('Common triggers'),
            ul(
              'The task is **vague** ("work on the strategy").',
              'The task is **big**, with no obvious first step.',
              'The outcome will be **judged** by someone.',
              'The reward is **far away**.',
            ),
            p(
              'Each trigger has a remedy: make the task concrete, find the first physical step, separate drafting from judging, and create a near-term reward.',
            ),
          ),
        },
      ],
    },
    {
      title: 'Tools for a better week',
      description: 'Prioritise, protect time, and start.',
      lessons: [
        {
          kind: 'text',
          title: 'Prioritise and time-block',
          durationMinutes: 15,
          content: doc(
            h2('The priority matrix'),
            table(
              ['', 'Urgent', 'Not urgent'],
              ['Important', 'Do now (crises, real deadlines)', 'Schedule — this is where careers are made'],
              ['Not important', 'Delegate or batch', 'Drop'],
            ),
            p(
              'Most of us live in the urgent column. The work that matters most — development, planning, relationships — sits in *important, not urgent* and waits for a quiet week that never comes.',
            ),
            h2('Time blocking'),
            ol(
              'On Friday, list next week’s important-but-not-urgent tasks.',
              'Book two or three 90-minute blocks in your calendar for them, in the morning if you can.',
              'Treat a block like a meeting with a customer: move it if you must, never delete it.',
              'Close mail and chat during the block.',
            ),
            callout('info', 'Start with one block a week. A habit you keep beats a system you abandon.'),
          ),
        },
        {
          kind: 'download',
          title: 'Weekly planner (PDF)',
          durationMinutes: 5,
          pdf: {
            fileName: 'weekly-planner.pdf',
            title: 'Weekly planner',
            sections: [
              {
                heading: 'Friday: look ahead',
                lines: [
                  'Three important, not urgent tasks for next week:',
                  '1. ______________________',
                  '2. ______________________',
                  '3. ______________________',
                ],
              },
              { heading: 'Blocks booked', lines: ['Monday ____ – ____', 'Wednesday ____ – ____', 'Thursday ____ – ____'] },
              {
                heading: 'Two-minute starts',
                lines: ['The task I am avoiding: ______________________', 'Its first two-minute step: ______________________'],
              },
              { heading: 'Friday: look back', lines: ['Which blocks held? What got in the way? What will I change?'] },
            ],
          },
          notes: doc(p('Print the planner, or copy it into your notes app, and fill it in every Friday for four weeks.')),
        },
        {
          kind: 'quiz',
          title: 'Quiz: Beat procrastination',
          durationMinutes: 5,
          quiz: {
            passMark: 70,
            maxAttempts: null,
            revealAnswers: 'finished',
            questions: [
              {
                id: 'q1',
                type: 'single',
                prompt: 'According to the research in lesson 2, what mostly drives procrastination?',
                hint: 'It is not the clock.',
                explanation: 'We avoid tasks that make us feel something unpleasant; poor time management is rarely the root cause.',
                options: [
                  {
                    id: 'a',
                    text: 'Not enough time',
                    correct: false,
                    feedback: 'Busy people procrastinate too — and so do people with free afternoons.',
                  },
                  { id: 'b', text: 'Unpleasant feelings about the task', correct: true, feedback: 'Yes.' },
                  {
                    id: 'c',
                    text: 'Lack of intelligence',
                    correct: false,
                    feedback: 'No — procrastination has nothing to do with ability.',
                  },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q2',
                type: 'single',
                prompt: 'Where in the priority matrix should you schedule time blocks?',
                hint: '',
                explanation: 'Important but not urgent work is what gets pushed aside unless it has a place in the calendar.',
                options: [
                  { id: 'a', text: 'Important and urgent', correct: false, feedback: 'That work gets done anyway.' },
                  { id: 'b', text: 'Important, not urgent', correct: true, feedback: 'Right.' },
                  { id: 'c', text: 'Not important, not urgent', correct: false, feedback: 'Drop those.' },
                ],
                acceptedAnswers: [],
              },
              {
                id: 'q3',
                type: 'short_answer',
                prompt: 'What is the name of the creature in Tim Urban’s talk that wakes up when a deadline gets close?',
                hint: 'It is not the monkey.',
                explanation: 'The Panic Monster.',
                options: [],
                acceptedAnswers: ['panic monster', 'the panic monster'],
              },
            ],
          },
        },
      ],
    },
  ],
};

export const DEMO_COURSES: readonly DemoCourse[] = [presentation, purpose, procrastination];

/** The demo company's site: demo.{host of PUBLIC_URL}. */
export const DEMO_SUBDOMAIN = 'demo';
/** The demo company's brand colour: a teal whose white text passes AA as it is. */
export const DEMO_BRAND_COLOUR = '#0f766e';
