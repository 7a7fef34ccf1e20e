import type { Entry } from '../entry.ts';

/** People in a company: invitations, members and seats. Written in Danish first, so Danish is their default. */
export const teamMessages = {
  'team.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan invitere og administrere medlemmer.',
    en: "Only the company's admins can invite and manage members.",
  },
  'team.role': {
    spec: 'da',
    da: 'Vælg rollen administrator, instruktør eller kursist.',
    en: 'Choose the role admin, instructor or learner.',
  },
  'team.alreadyMember': {
    spec: 'da',
    da: 'Personen med denne e-mail er allerede medlem af virksomheden.',
    en: 'The person with this email is already a member of the company.',
  },
  'team.emailElsewhere': {
    spec: 'da',
    da: 'Denne e-mailadresse bruges allerede af en konto på Kursa.',
    en: 'This email address is already used by an account on Kursa.',
  },
  'team.alreadyInvited': {
    spec: 'da',
    da: 'Der er allerede en åben invitation til denne e-mail. Send den igen i stedet.',
    en: 'There is already an open invitation for this email. Send it again instead.',
  },
  'team.invitationNotFound': {
    spec: 'da',
    da: 'Invitationen blev ikke fundet. Tjek linket, eller bed om en ny invitation.',
    en: 'The invitation was not found. Check the link, or ask for a new invitation.',
  },
  'team.invitationExpired': {
    spec: 'da',
    da: 'Invitationen er udløbet. Bed den, der inviterede dig, om at sende en ny.',
    en: 'The invitation has expired. Ask the person who invited you to send a new one.',
  },
  'team.invitationUsed': {
    spec: 'da',
    da: 'Invitationen er allerede brugt. Log ind med den konto, der blev oprettet.',
    en: 'The invitation has already been used. Log in with the account it created.',
  },
  'team.invitationRevoked': {
    spec: 'da',
    da: 'Invitationen er trukket tilbage. Bed virksomheden om en ny, hvis du skal med.',
    en: 'The invitation was withdrawn. Ask the company for a new one if you are to join.',
  },
  'team.invitationClosed': {
    spec: 'da',
    da: 'Invitationen er ikke længere åben og kan ikke sendes igen eller trækkes tilbage.',
    en: 'The invitation is no longer open and cannot be sent again or withdrawn.',
  },
  'team.memberNotFound': { spec: 'da', da: 'Medlemmet blev ikke fundet.', en: 'Member not found.' },
  'team.notYourself': {
    spec: 'da',
    da: 'Du kan ikke deaktivere eller ændre rollen for dig selv.',
    en: 'You cannot deactivate yourself or change your own role.',
  },
  'team.lastAdmin': {
    spec: 'da',
    da: 'Virksomheden skal have mindst én aktiv administrator.',
    en: 'The company must have at least one active admin.',
  },
  'team.nothingToChange': {
    spec: 'da',
    da: 'Angiv en ny rolle eller om medlemmet skal være aktivt.',
    en: 'Give a new role or whether the member is active.',
  },
  'team.demoNoMail': {
    spec: 'da',
    da: 'Demo-virksomheden sender ingen e-mails; kopiér linket i stedet.',
    en: 'The demo company sends no email; copy the link instead.',
  },
  'team.csvEmpty': {
    spec: 'da',
    da: 'Indsæt eller vælg en CSV-fil med kolonnerne e-mail, navn og rolle.',
    en: 'Paste or choose a CSV file with the columns email, name and role.',
  },
  'team.csvTooLarge': {
    spec: 'da',
    da: 'CSV-filen er for stor (højst 200.000 tegn, omkring 2.000 rækker).',
    en: 'The CSV file is too large (at most 200,000 characters, about 2,000 rows).',
  },
  'team.csvHeader': {
    spec: 'da',
    da: 'Første række skal navngive kolonnerne: e-mail, navn (eller name) og rolle (eller role).',
    en: 'The first row must name the columns: email, name and role.',
  },
  'team.csvTooManyRows': { spec: 'da', da: 'Højst {{max}} invitationer ad gangen.', en: 'At most {{max}} invitations at a time.' },
  'team.csvDuplicate': { spec: 'da', da: 'Samme e-mail står tidligere i filen.', en: 'The same email appears earlier in the file.' },
  'team.csvJoinedGroups': {
    spec: 'da',
    da: 'Allerede medlem; tilføjet til {{groups}}.',
    en: 'Already a member; added to {{groups}}.',
  },
} as const satisfies Record<string, Entry>;
