import type { Entry } from '../entry.ts';

/** Learning paths: made, changed and assigned by admins and instructors. Written in Danish first. */
export const pathMessages = {
  'paths.notFound': { spec: 'da', da: 'Læringsforløbet findes ikke.', en: 'The learning path does not exist.' },
  'paths.editRights': {
    spec: 'da',
    da: 'Kun en administrator eller den instruktør, der lavede læringsforløbet, kan ændre og tildele det.',
    en: 'Only an admin, or the instructor who made the learning path, can change and assign it.',
  },
  'paths.titleRequired': { spec: 'da', da: 'Giv læringsforløbet en titel.', en: 'Give the learning path a title.' },
  'paths.courseUnknown': {
    spec: 'da',
    da: 'Et læringsforløb kan kun rumme virksomhedens udgivne kurser.',
    en: "A learning path can only hold the company's published courses.",
  },
  'paths.ownCoursesOnly': {
    spec: 'da',
    da: 'En instruktør kan kun sætte sine egne udgivne kurser på et læringsforløb.',
    en: 'An instructor can only put their own published courses on a learning path.',
  },
  'paths.assignRights': {
    spec: 'da',
    da: 'Læringsforløbet rummer kurser, du ikke er instruktør for. Kun en administrator kan tildele det.',
    en: 'The learning path holds courses you are not the instructor of. Only an admin can assign it.',
  },
  'paths.courseTwice': { spec: 'da', da: 'Et kursus kan kun være med én gang.', en: 'A course can only be on it once.' },
  'paths.tooManyCourses': { spec: 'da', da: 'Et læringsforløb rummer højst 30 kurser.', en: 'A learning path holds at most 30 courses.' },
  'paths.empty': {
    spec: 'da',
    da: 'Tilføj mindst ét kursus, før læringsforløbet tildeles.',
    en: 'Add at least one course before assigning the learning path.',
  },
  'paths.unpublishedCourse': {
    spec: 'da',
    da: 'Et af læringsforløbets kurser er ikke udgivet længere. Fjern det, eller udgiv det igen.',
    en: 'One of the learning path’s courses is no longer published. Remove it, or publish it again.',
  },
} as const satisfies Record<string, Entry>;
