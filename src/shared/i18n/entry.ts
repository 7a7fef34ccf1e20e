/** A message in both languages; `spec` names the language SPEC.md gives it in (the server's default). */
export type Entry = { spec: 'da' | 'en'; da: string; en: string };
