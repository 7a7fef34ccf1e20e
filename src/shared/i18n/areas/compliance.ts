import type { Entry } from '../entry.ts';

/** Compliance training: groups, managers, requirements, exemptions and reports. Written in Danish first. */
export const complianceMessages = {
  'compliance.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer og gruppernes ledere kan se og ændre dette.',
    en: "Only the company's admins and the groups' managers can see and change this.",
  },
  'compliance.groupNotFound': { spec: 'da', da: 'Gruppen findes ikke.', en: 'The group does not exist.' },
  'compliance.requirementNotFound': { spec: 'da', da: 'Kravet findes ikke.', en: 'The requirement does not exist.' },
  'compliance.personNotFound': { spec: 'da', da: 'Personen findes ikke.', en: 'The person does not exist.' },
  'compliance.groupName': {
    spec: 'da',
    da: 'Giv gruppen et navn på højst 80 tegn.',
    en: 'Give the group a name of at most 80 characters.',
  },
  'compliance.groupKind': {
    spec: 'da',
    da: 'Vælg afdeling, lokation eller team.',
    en: 'Choose department, location or team.',
  },
  'compliance.groupTaken': {
    spec: 'da',
    da: 'Virksomheden har allerede en gruppe med det navn.',
    en: 'The company already has a group of that name.',
  },
  'compliance.ruleDomain': {
    spec: 'da',
    da: 'Skriv et domæne som virksomhed.dk.',
    en: 'Write a domain such as company.dk.',
  },
  'compliance.ruleRole': {
    spec: 'da',
    da: 'Vælg rollen administrator, instruktør eller kursist.',
    en: 'Choose the role admin, instructor or learner.',
  },
  'compliance.unknownPeople': {
    spec: 'da',
    da: 'Nogle af personerne er ikke aktive medlemmer af virksomheden.',
    en: 'Some of the people are not active members of the company.',
  },
  'compliance.tooMany': { spec: 'da', da: 'Der er for mange personer på én gang.', en: 'There are too many people at once.' },
  'compliance.dueDays': {
    spec: 'da',
    da: 'Fristen er et helt antal dage fra 0 til 3650.',
    en: 'The deadline is a whole number of days from 0 to 3650.',
  },
  'compliance.dueOn': { spec: 'da', da: 'Skriv fristen som en dato.', en: 'Write the deadline as a date.' },
  'compliance.dueOne': {
    spec: 'da',
    da: 'Vælg enten et antal dage efter start eller en fast dato som frist.',
    en: 'Choose either a number of days after joining or a fixed date as the deadline.',
  },
  'compliance.recurMonths': {
    spec: 'da',
    da: 'Gentagelsen er et helt antal måneder fra 1 til 120.',
    en: 'The recurrence is a whole number of months from 1 to 120.',
  },
  'compliance.renewDays': {
    spec: 'da',
    da: 'Fornyelsen starter et helt antal dage fra 1 til 365 før udløb.',
    en: 'Renewal starts a whole number of days from 1 to 365 before expiry.',
  },
  'compliance.requirementExists': {
    spec: 'da',
    da: 'Kurset er allerede et krav for denne gruppe.',
    en: 'The course is already required of this group.',
  },
  'compliance.exemptReason': {
    spec: 'da',
    da: 'Skriv en begrundelse på 3 til 500 tegn.',
    en: 'Write a reason of 3 to 500 characters.',
  },
  'compliance.status': { spec: 'da', da: 'Ukendt status.', en: 'Unknown status.' },
  'compliance.at': { spec: 'da', da: 'Skriv tidspunktet som en ISO-dato.', en: 'Write the moment as an ISO date.' },
  'compliance.everyone': { spec: 'da', da: 'Alle', en: 'Everyone' },
  'compliance.pdfTooLarge': {
    spec: 'da',
    da: 'Rapporten er for stor til en PDF ({{max}} linjer). Afgræns filtrene, eller hent den som CSV eller XLSX.',
    en: 'The report is too large for a PDF ({{max}} lines). Narrow the filters, or download it as CSV or XLSX.',
  },
} as const satisfies Record<string, Entry>;
