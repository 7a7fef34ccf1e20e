import type { MailMessage } from './mailer.ts';
import { escapeHtml } from '../http/escape-html.ts';

export type MailLanguage = 'da' | 'en';

/** A user's stored language, or Danish (the product's home language) when none is stored. */
export function mailLanguage(stored: string | null | undefined): MailLanguage {
  return stored === 'en' ? 'en' : 'da';
}

/**
 * The company a mail comes from, when it has a brand: its logo at the top, its colour on the
 * button (a shade white text passes AA on) and links, and with white label its name where Kursa's
 * would be.
 */
export interface MailBrand {
  companyName: string;
  /** `#rrggbb` with white text passing AA on it. */
  buttonColour: string | null;
  /** `#rrggbb` passing AA on white. */
  linkColour: string | null;
  /** An absolute address anyone may fetch. */
  logoUrl: string | null;
  whiteLabel: boolean;
}

const DEFAULT_BUTTON = '#1d4ed8';

/** A link the mail asks the reader to open: a button (or a plain link) in the HTML part, its address in both parts. */
interface Action {
  label: string;
  url: string;
  /** A way out rather than what the mail is for (unsubscribing): a plain link, not a button. */
  minor?: boolean;
}

type Part = string | Action;

/**
 * An HTML button that mail clients draw alike: a link inside a one-cell table (Outlook ignores a
 * link's padding and background, not a cell's), every style inline, since clients drop <style>.
 * The link's text is the action itself, so it reads the same to a screen reader.
 */
function actionHtml({ label, url, minor }: Action, brand?: MailBrand): string {
  const href = escapeHtml(url);
  const link = brand?.linkColour ?? DEFAULT_BUTTON;
  const button = brand?.buttonColour ?? DEFAULT_BUTTON;
  const address = `<a href="${href}" style="color:${link}">${href}</a>`;
  if (minor)
    return `<p style="word-break:break-all"><a href="${href}" style="color:${link};font-weight:bold">${escapeHtml(label)}</a>: ${address}</p>`;
  return [
    '<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:16px 0"><tr>',
    `<td style="border-radius:6px;background:${button}">`,
    `<a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;font-size:16px;font-weight:bold;line-height:1.25;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
    // The address itself too, for a client that shows no button and for copying into a browser.
    `<p style="font-size:14px;word-break:break-all">${address}</p>`,
  ].join('');
}

/**
 * A mail from paragraphs of plain text and actions: the text part joins them (an action is its
 * address on a line of its own, a minor one with its label on the line before), the HTML part escapes every one (names and addresses come from
 * users and the registry), draws each action as a button with its address below, and sets the
 * code, if any, apart.
 */
function render(to: string, subject: string, parts: Part[], code?: string, brand?: MailBrand): MailMessage {
  const signature = brand?.whiteLabel ? `— ${brand.companyName}` : '— Kursa';
  // A minor link keeps its label in the text part too: a list of them (a digest) would be bare addresses.
  const text = [...parts.map((p) => (typeof p === 'string' ? p : p.minor ? `${p.label}:\n${p.url}` : p.url)), '', signature]
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    brand?.logoUrl
      ? `<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.companyName)}" height="40" style="display:block;height:40px;width:auto;border:0"></p>`
      : '',
    ...parts.map((p) =>
      typeof p !== 'string'
        ? actionHtml(p, brand)
        : code !== undefined && p === code
          ? `<p style="font-size:24px;font-weight:bold;letter-spacing:3px;font-family:monospace">${escapeHtml(p)}</p>`
          : `<p>${escapeHtml(p)}</p>`,
    ),
    `<p>${escapeHtml(signature)}</p></body></html>`,
  ].join('');
  return { to, subject, text, html };
}

/** A paragraph, or an action (a button and its address). */
export type MailPart = Part;

/** A mail laid out like every other: for texts that live with what they tell of (notifications). */
export function layoutMail(to: string, subject: string, parts: MailPart[], brand?: MailBrand): MailMessage {
  return render(to, subject, parts, undefined, brand);
}

export interface CodeMail {
  companyName: string;
  cvr: string;
  code: string;
  minutes: number;
  requesterName: string;
  requesterEmail: string;
}

/** To the company's registered address: someone asks to act for the company; the code proves the company agrees. */
export function verificationCodeMail(lang: MailLanguage, to: string, m: CodeMail): MailMessage {
  return lang === 'en'
    ? render(
        to,
        `Confirmation code for ${m.companyName} on Kursa`,
        [
          `${m.requesterName} (${m.requesterEmail}) asks to confirm on Kursa that they act for ${m.companyName} (CVR ${m.cvr}). This email goes to the company's email address as the CVR registry lists it.`,
          'If this person acts for the company, give them this code. It is valid for ' + m.minutes + ' minutes and can be used once:',
          m.code,
          'If you do not know this person, ignore this email: nothing changes without the code.',
        ],
        m.code,
      )
    : render(
        to,
        `Bekræftelseskode for ${m.companyName} på Kursa`,
        [
          `${m.requesterName} (${m.requesterEmail}) beder om at bekræfte på Kursa, at de handler for ${m.companyName} (CVR ${m.cvr}). Denne e-mail går til virksomhedens e-mailadresse, som CVR-registret kender den.`,
          `Hvis personen handler for virksomheden, så giv dem denne kode. Den gælder i ${m.minutes} minutter og kan bruges én gang:`,
          m.code,
          'Kender du ikke personen, så se bort fra e-mailen: intet ændres uden koden.',
        ],
        m.code,
      );
}

/** To a requester's own address on the company's domain: reading it proves they get mail on that domain. */
export function ownAddressCodeMail(lang: MailLanguage, to: string, m: CodeMail): MailMessage {
  return lang === 'en'
    ? render(
        to,
        `Your confirmation code for ${m.companyName} on Kursa`,
        [
          `Enter this code on Kursa to confirm that you act for ${m.companyName} (CVR ${m.cvr}). Your address is on the company's domain, and receiving this email proves it is yours. The code is valid for ${m.minutes} minutes and can be used once:`,
          m.code,
          'If you did not ask for this, ignore this email: nothing changes without the code.',
        ],
        m.code,
      )
    : render(
        to,
        `Din bekræftelseskode for ${m.companyName} på Kursa`,
        [
          `Indtast denne kode på Kursa for at bekræfte, at du handler for ${m.companyName} (CVR ${m.cvr}). Din adresse er på virksomhedens domæne, og at du modtager denne e-mail, beviser at den er din. Koden gælder i ${m.minutes} minutter og kan bruges én gang:`,
          m.code,
          'Har du ikke bedt om den, så se bort fra e-mailen: intet ændres uden koden.',
        ],
        m.code,
      );
}

/** To the admins of an unconfirmed company whose CVR another registrant proved control of. */
export function claimEndedMail(lang: MailLanguage, to: string, m: { companyName: string; cvr: string }): MailMessage {
  return lang === 'en'
    ? render(to, `Your Kursa account for ${m.companyName} has been closed`, [
        `Someone else has proved on Kursa that they act for ${m.companyName} (CVR ${m.cvr}). Your account had not confirmed control of the company, so the company now belongs to their account and your account for it has been closed.`,
        'If you do act for the company, contact the people who manage its email address in the CVR registry.',
      ])
    : render(to, `Din Kursa-konto for ${m.companyName} er lukket`, [
        `En anden har bevist på Kursa, at de handler for ${m.companyName} (CVR ${m.cvr}). Din konto havde ikke bekræftet virksomheden, så virksomheden hører nu til deres konto, og din konto for den er lukket.`,
        'Handler du for virksomheden, så kontakt dem, der passer virksomhedens e-mailadresse i CVR-registret.',
      ]);
}

/** To a registrant who took over an unconfirmed company's CVR. */
export function claimWonMail(lang: MailLanguage, to: string, m: { companyName: string; cvr: string }): MailMessage {
  return lang === 'en'
    ? render(to, `${m.companyName} is confirmed on Kursa`, [
        `You have proved that you act for ${m.companyName} (CVR ${m.cvr}). An earlier, unconfirmed account for the company has been closed and its users have been told.`,
      ])
    : render(to, `${m.companyName} er bekræftet på Kursa`, [
        `Du har bevist, at du handler for ${m.companyName} (CVR ${m.cvr}). En tidligere, ubekræftet konto for virksomheden er lukket, og dens brugere har fået besked.`,
      ]);
}

/** To the OLD address after a login e-mail change, so a hijacked session cannot change it unseen. */
export function emailChangedMail(lang: MailLanguage, to: string, m: { newEmail: string }): MailMessage {
  return lang === 'en'
    ? render(to, 'Your Kursa login email was changed', [
        `The login email of your Kursa account was changed from ${to} to ${m.newEmail}.`,
        "If you did not do this, contact your company's admin or Kursa right away.",
      ])
    : render(to, 'Din login-e-mail på Kursa er ændret', [
        `Login-e-mailen på din Kursa-konto er ændret fra ${to} til ${m.newEmail}.`,
        'Hvis det ikke var dig, så kontakt straks din virksomheds administrator eller Kursa.',
      ]);
}

const ROLE_WORDS = {
  da: { admin: 'administrator', instructor: 'instruktør', learner: 'kursist' },
  en: { admin: 'admin', instructor: 'instructor', learner: 'learner' },
} as const;

/** To an invitee: who invites them to which company, as what, and the single-use link. */
export function invitationMail(
  lang: MailLanguage,
  to: string,
  m: { companyName: string; inviterName: string; role: 'admin' | 'instructor' | 'learner'; link: string; days: number },
  brand?: MailBrand,
): MailMessage {
  const role = ROLE_WORDS[lang][m.role];
  // With white label the company is the whole story: no "on Kursa".
  const onKursa = brand?.whiteLabel ? '' : lang === 'en' ? ' on Kursa' : ' på Kursa';
  return lang === 'en'
    ? render(
        to,
        `${m.inviterName} invites you to ${m.companyName}${onKursa}`,
        [
          `${m.inviterName} invites you to join ${m.companyName}${onKursa} as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`,
          'Open this link to choose your password and get started. It works once and for ' + m.days + ' days:',
          { label: 'Accept the invitation', url: m.link },
          'If you did not expect this invitation, ignore this email: no account is made without you.',
        ],
        undefined,
        brand,
      )
    : render(
        to,
        `${m.inviterName} inviterer dig til ${m.companyName}${onKursa}`,
        [
          `${m.inviterName} inviterer dig med i ${m.companyName}${onKursa} som ${role}.`,
          `Åbn linket for at vælge din adgangskode og komme i gang. Det virker én gang og i ${m.days} dage:`,
          { label: 'Tag imod invitationen', url: m.link },
          'Venter du ikke denne invitation, så se bort fra e-mailen: der oprettes ingen konto uden dig.',
        ],
        undefined,
        brand,
      );
}

/** To a user who asked to reset their password: the single-use link, valid for `minutes`. */
export function passwordResetMail(lang: MailLanguage, to: string, m: { link: string; minutes: number }): MailMessage {
  return lang === 'en'
    ? render(to, 'Reset your Kursa password', [
        'Someone, probably you, asked to reset the password of your Kursa account. Open this link to choose a new password. It works once and for ' +
          m.minutes +
          ' minutes:',
        { label: 'Choose a new password', url: m.link },
        'When you choose a new password, every device that is logged in to your account is logged out.',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ])
    : render(to, 'Nulstil din adgangskode på Kursa', [
        `Nogen, sandsynligvis dig, har bedt om at nulstille adgangskoden til din Kursa-konto. Åbn linket for at vælge en ny adgangskode. Det virker én gang og i ${m.minutes} minutter:`,
        { label: 'Vælg en ny adgangskode', url: m.link },
        'Når du vælger en ny adgangskode, bliver alle enheder, der er logget ind på din konto, logget ud.',
        'Har du ikke bedt om det, så se bort fra e-mailen: din adgangskode forbliver den samme.',
      ]);
}

const TOPIC_WORDS = {
  da: { general: 'Generelt', demo: 'Book en demo', sales: 'Salg', support: 'Support' },
  en: { general: 'General', demo: 'Book a demo', sales: 'Sales', support: 'Support' },
} as const;

/** To SALES_EMAIL: a request from the contact form, every field as it was typed; replies go to the sender. */
export function contactRequestMail(
  lang: MailLanguage,
  to: string,
  m: {
    name: string;
    email: string;
    company: string | null;
    phone: string | null;
    topic: keyof (typeof TOPIC_WORDS)['da'];
    message: string;
    language: MailLanguage;
    receivedAt: string;
  },
): MailMessage {
  const topic = TOPIC_WORDS[lang][m.topic];
  const en = lang === 'en';
  const none = en ? '(not given)' : '(ikke oplyst)';
  const facts = [
    `${en ? 'Name' : 'Navn'}: ${m.name}`,
    `${en ? 'Email' : 'E-mail'}: ${m.email}`,
    `${en ? 'Company' : 'Virksomhed'}: ${m.company ?? none}`,
    `${en ? 'Phone' : 'Telefon'}: ${m.phone ?? none}`,
    `${en ? 'Topic' : 'Emne'}: ${topic}`,
    `${en ? 'Language of the page' : 'Sidens sprog'}: ${m.language === 'en' ? (en ? 'English' : 'engelsk') : en ? 'Danish' : 'dansk'}`,
    `${en ? 'Received' : 'Modtaget'}: ${m.receivedAt}`,
  ];
  const message = render(to, en ? `Contact form: ${topic} from ${m.name}` : `Kontaktformular: ${topic} fra ${m.name}`, [
    en
      ? 'A request came in through the contact form on Kursa. Reply to this email to answer the sender.'
      : 'Der er kommet en henvendelse gennem kontaktformularen på Kursa. Svar på denne e-mail for at svare afsenderen.',
    ...facts,
    en ? 'Message:' : 'Besked:',
    m.message,
  ]);
  return { ...message, replyTo: m.email };
}

/**
 * To someone who signed up for the newsletter: the link that confirms it (double opt-in), and the
 * one-click unsubscribe link every newsletter mail carries, also as RFC 8058 headers (a POST to
 * `unsubscribePost` unsubscribes without a session or a page).
 */
export function newsletterConfirmMail(
  lang: MailLanguage,
  to: string,
  m: { confirmLink: string; unsubscribeLink: string; unsubscribePost: string; days: number },
): MailMessage {
  const message =
    lang === 'en'
      ? render(to, 'Confirm your subscription to the Kursa newsletter', [
          'Thank you for signing up for the Kursa newsletter. Open this link to confirm that you want it; nothing is sent until you do. The link works for ' +
            m.days +
            ' days:',
          { label: 'Confirm subscription', url: m.confirmLink },
          'If you did not sign up, ignore this email: without the confirmation you get no newsletter.',
          'Unsubscribe with one click at any time:',
          { label: 'Unsubscribe', url: m.unsubscribeLink, minor: true },
        ])
      : render(to, 'Bekræft din tilmelding til Kursas nyhedsbrev', [
          `Tak fordi du tilmeldte dig Kursas nyhedsbrev. Åbn linket for at bekræfte, at du vil have det; vi sender intet, før du gør. Linket virker i ${m.days} dage:`,
          { label: 'Bekræft tilmelding', url: m.confirmLink },
          'Har du ikke tilmeldt dig, så se bort fra e-mailen: uden bekræftelsen får du intet nyhedsbrev.',
          'Afmeld dig med ét klik når som helst:',
          { label: 'Afmeld', url: m.unsubscribeLink, minor: true },
        ]);
  return { ...message, headers: { 'List-Unsubscribe': `<${m.unsubscribePost}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** To a member whose second factor an admin reset (a lost phone): what happened and what to do next. */
export function twoFactorResetMail(lang: MailLanguage, to: string, m: { adminName: string }): MailMessage {
  return lang === 'en'
    ? render(to, 'Your two-step verification on Kursa was reset', [
        `${m.adminName}, an admin of your company, has reset the two-step verification of your Kursa account: your authenticator app, your passkeys and your recovery codes no longer work, and you have been logged out everywhere.`,
        'Log in with your password and set up two-step verification again on your profile.',
        "If you did not ask for this, contact your company's admin right away.",
      ])
    : render(to, 'Din totrinsbekræftelse på Kursa er nulstillet', [
        `${m.adminName}, som er administrator i din virksomhed, har nulstillet totrinsbekræftelsen på din Kursa-konto: din godkendelsesapp, dine adgangsnøgler og dine gendannelseskoder virker ikke længere, og du er logget ud alle steder.`,
        'Log ind med din adgangskode, og slå totrinsbekræftelse til igen på din profil.',
        'Hvis du ikke har bedt om det, så kontakt straks din virksomheds administrator.',
      ]);
}
