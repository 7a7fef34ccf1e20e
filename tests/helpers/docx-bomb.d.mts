/** See docx-bomb.mjs: a DOCX whose word/document.xml unpacks to `bytes`; its headers state the truth or a lie. */
export function docxBomb(bytes: number, options?: { declared?: 'truth' | 'lie' }): Buffer;
