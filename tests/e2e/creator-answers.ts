/** The teacher questionnaire in Danish: each question's label and an answer; step 6 asks two. */
export const ANSWERS_DA = [
  ['Hvilken erfaring har du med undervisning og med faget?', 'Ti år som sikkerhedsleder'],
  ['Hvilket fag skal kurset handle om?', 'Arbejdsmiljø'],
  ['Hvem er dine kursister?', 'Nye lagermedarbejdere'],
  ['Hvad skal kursisterne kunne efter kurset?', 'Arbejde sikkert'],
  ['Hvad gør det svært at undervise i det i dag?', 'Skiftehold'],
  ['Hvordan vil du helst levere kurset (video, tekst, live …)?', 'Korte videoer'],
  ['Hvordan skal kursisterne vise, hvad de har lært?', 'Quiz'],
  ['Hvad er din vision for kurset?', 'Nul ulykker'],
  ['Hvad skal ændre sig for kursisterne efter kurset?', 'Sikre vaner'],
] as const;
