import type { Entry } from '../entry.ts';

/** Uploads and media. Written in Danish first, so Danish is their default. */
export const mediaMessages = {
  'media.notFound': { spec: 'da', da: 'Billedet findes ikke.', en: 'The picture does not exist.' },
  'media.lessonGone': {
    spec: 'da',
    da: 'Lektionen, billedet blev tegnet til, findes ikke længere i kurset.',
    en: 'The lesson the picture was drawn for is no longer in the course.',
  },
  'media.badImage': {
    spec: 'da',
    da: 'Billedmodellen sendte noget, der ikke er et billede. Prøv igen.',
    en: 'The image model sent something that is not a picture. Please try again.',
  },
  'media.refused': {
    spec: 'da',
    da: 'Billedmodellen ville ikke tegne dette billede. Ret ønskerne til billedet, og prøv igen.',
    en: 'The image model would not draw this picture. Change the wishes for the picture and try again.',
  },
  'media.wishesTooLong': { spec: 'da', da: 'Ønskerne må højst være 500 tegn.', en: 'The wishes may be at most 500 characters.' },
  'media.altTextRequired': { spec: 'da', da: 'Skriv en alternativ tekst.', en: 'Write an alt text.' },
  'media.altTextTooLong': {
    spec: 'da',
    da: 'Den alternative tekst må højst være 300 tegn.',
    en: 'The alt text may be at most 300 characters.',
  },
  'upload.notMultipart': {
    spec: 'da',
    da: 'Filen skal sendes som multipart/form-data.',
    en: 'The file must be sent as multipart/form-data.',
  },
  'upload.courseRequired': { spec: 'da', da: 'Angiv hvilket kursus filen hører til.', en: 'Say which course the file belongs to.' },
  'upload.kind': { spec: 'da', da: 'Vælg billede, video eller download.', en: 'Choose image, video or download.' },
  'upload.fieldsFirst': {
    spec: 'da',
    da: 'Send kursus og type før selve filen.',
    en: 'Send the course and the kind before the file itself.',
  },
  'upload.fileMissing': { spec: 'da', da: 'Vælg en fil.', en: 'Choose a file.' },
  'upload.oneFile': { spec: 'da', da: 'Send én fil ad gangen.', en: 'Send one file at a time.' },
  'upload.empty': { spec: 'da', da: 'Filen er tom.', en: 'The file is empty.' },
  'upload.badType.image': {
    spec: 'da',
    da: 'Filen er ikke et billede i PNG, JPEG, WebP eller GIF (SVG er ikke tilladt).',
    en: 'The file is not a PNG, JPEG, WebP or GIF image (SVG is not allowed).',
  },
  'upload.badType.video': { spec: 'da', da: 'Filen er ikke en video i MP4 eller WebM.', en: 'The file is not an MP4 or WebM video.' },
  'upload.badType.download': {
    spec: 'da',
    da: 'Filen er ikke en PDF, DOCX, PPTX, XLSX eller ZIP.',
    en: 'The file is not a PDF, DOCX, PPTX, XLSX or ZIP.',
  },
  'upload.tooLarge': { spec: 'da', da: 'Filen er for stor (højst {{mb}} MB).', en: 'The file is too large (at most {{mb}} MB).' },
  'upload.incomplete': {
    spec: 'da',
    da: 'Filen nåede ikke at blive sendt helt. Prøv igen.',
    en: 'The file did not arrive in full. Please try again.',
  },
  'upload.notFound': { spec: 'da', da: 'Filen blev ikke fundet.', en: 'File not found.' },
  'upload.rangeNotSatisfiable': {
    spec: 'da',
    da: 'Det ønskede udsnit ligger uden for filen.',
    en: 'The requested range is outside the file.',
  },
  'upload.noRights': {
    spec: 'da',
    da: 'Du kan kun uploade filer til kurser, du må redigere.',
    en: 'You can only upload files to courses you may edit.',
  },
} as const satisfies Record<string, Entry>;
