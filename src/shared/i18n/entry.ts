/** A message in both languages; `spec` names the language its wording was first given in (the server's default). */
export type Entry = { spec: 'da' | 'en'; da: string; en: string };
