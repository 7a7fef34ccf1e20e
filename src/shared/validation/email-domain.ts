/**
 * Company domains: a registrant proves control of a company when their e-mail address is on the
 * company's own domain as the CVR registry knows it (docs/decisions/009-company-verification.md).
 * Free-mail and ISP domains (and their subdomains) belong to everyone, so they never count, even
 * when the registry lists such an address for the company.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.dk',
  'outlook.com',
  'outlook.dk',
  'live.com',
  'live.dk',
  'msn.com',
  'yahoo.com',
  'yahoo.dk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'mail.dk',
  'jubii.dk',
  'sol.dk',
  'ofir.dk',
  'tdcadsl.dk',
  'youmail.dk',
  'stofanet.dk',
  'webspeed.dk',
  'get2net.dk',
  'privat.dk',
  'email.dk',
  'tele.dk',
  'worldonline.dk',
  'cybercity.dk',
  'fibianet.dk',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'tutanota.com',
  'zoho.com',
  'yandex.com',
  'fastmail.com',
  'hey.com',
]);

/** The lower-cased domain of an e-mail address, or null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return domain.includes('.') ? domain : null;
}

/** A free-mail or ISP domain, or a subdomain of one (mail1.stofanet.dk): addresses anyone can get. */
export function isFreeMailDomain(domain: string): boolean {
  for (let d = domain; d.includes('.'); d = d.slice(d.indexOf('.') + 1)) if (FREE_MAIL_DOMAINS.has(d)) return true;
  return false;
}

/** The domain a company address proves, or null for a free-mail or malformed one. */
export function companyDomain(email: string | null | undefined): string | null {
  const domain = email ? emailDomain(email) : null;
  return domain && !isFreeMailDomain(domain) ? domain : null;
}

/** Whether `email` is on `domain` or one of its subdomains (anne@dk.novonordisk.com counts for novonordisk.com). */
export function isOnDomain(email: string, domain: string): boolean {
  const own = emailDomain(email);
  if (!own || isFreeMailDomain(own) || isFreeMailDomain(domain)) return false;
  return own === domain || own.endsWith(`.${domain}`);
}

/** "info@magenta.dk" → "i***@magenta.dk": enough to recognise the address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
