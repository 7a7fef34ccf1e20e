import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isMessageKey, translate } from '../../src/shared/i18n/messages.ts';
import { ZChangePasswordForm, ZChangePasswordRequest, ZLoginRequest, ZRegisterRequest } from '../../src/shared/schemas/auth.ts';
import { ZProfileForm, ZUpdateUserRequest } from '../../src/shared/schemas/users.ts';

/** Field → message (in the message's default language, ADR 004) for a failed parse; {} when it passes. */
function errors(schema: z.ZodType, input: unknown, lang?: 'da' | 'en'): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues)
    out[issue.path.join('.') || '_'] ??= isMessageKey(issue.message) ? translate(issue.message, lang) : issue.message;
  return out;
}

const validRegistration = {
  companyName: 'Nordisk Læring ApS',
  cvrNumber: '25052943',
  contactName: 'Anne Jensen',
  email: 'anne@example.dk',
  phone: '12345678',
  address: 'Nørregade 10',
  city: 'Aarhus',
  postalCode: '8000',
  password: 'abcdefgh',
  confirmPassword: 'abcdefgh',
  acceptTerms: true,
};

describe('registration', () => {
  it('accepts a complete, valid registration and normalises CVR and email', () => {
    const parsed = ZRegisterRequest.parse({ ...validRegistration, cvrNumber: '25 05-29 43', email: ' Anne@Example.DK ' });
    expect(parsed.cvrNumber).toBe('25052943');
    expect(parsed.email).toBe('anne@example.dk');
  });

  it.each([
    ['companyName', 'A', 'Company name must be at least 2 characters'],
    ['cvrNumber', '12345678', 'Please enter a valid CVR number'],
    ['cvrNumber', '2505294', 'Please enter a valid CVR number'],
    ['contactName', 'A', 'Contact name must be at least 2 characters'],
    ['email', 'anne@', 'Please enter a valid email address'],
    ['phone', '1234567', 'Please enter a valid phone number'],
    ['address', 'Vej', 'Please enter a complete address'],
    ['city', 'A', 'Please enter a valid city'],
    ['postalCode', '800', 'Please enter a valid postal code'],
    ['password', 'abcdefg', 'Password must be at least 8 characters'],
    ['acceptTerms', false, 'You must accept the terms and conditions'],
  ])('%s = %j → "%s"', (field, value, message) => {
    const input = { ...validRegistration, [field]: value, ...(field === 'password' && { confirmPassword: value }) };
    expect(errors(ZRegisterRequest, input)).toEqual({ [field]: message });
  });

  it('accepts the minimum lengths exactly', () => {
    const min = {
      ...validRegistration,
      companyName: 'AB',
      contactName: 'Al',
      phone: '12345678',
      address: 'Vej 1',
      city: 'Ry',
      postalCode: '8680',
    };
    expect(errors(ZRegisterRequest, min)).toEqual({});
  });

  it('reports a password mismatch on confirmPassword, even when other fields are wrong too', () => {
    expect(errors(ZRegisterRequest, { ...validRegistration, confirmPassword: 'abcdefgX' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(errors(ZRegisterRequest, { ...validRegistration, city: '', confirmPassword: 'x' })).toMatchObject({
      city: 'Please enter a valid city',
      confirmPassword: "Passwords don't match",
    });
  });

  it('gives the field message for a missing field, and the Danish one on request', () => {
    const { companyName: _omit, ...rest } = validRegistration;
    expect(errors(ZRegisterRequest, rest)).toEqual({ companyName: 'Company name must be at least 2 characters' });
    expect(errors(ZRegisterRequest, rest, 'da')).toEqual({ companyName: 'Virksomhedsnavn skal være mindst 2 tegn' });
  });

  it('refuses unknown fields', () => {
    expect(Object.keys(errors(ZRegisterRequest, { ...validRegistration, role: 'admin' }))).toEqual(['_']);
  });
});

describe('login', () => {
  it('needs a valid email and a password; rememberMe is optional', () => {
    expect(errors(ZLoginRequest, { email: 'x', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(ZLoginRequest.parse({ email: 'a@b.dk', password: 'p' }).rememberMe).toBe(false);
    expect(ZLoginRequest.parse({ email: 'a@b.dk', password: 'p', rememberMe: true }).rememberMe).toBe(true);
  });
});

const validProfile = {
  contactName: 'Anne Jensen',
  email: 'anne@example.dk',
  phone: '12345678',
  companyName: 'Nordisk Læring ApS',
  address: 'Nørregade 10',
  city: 'Aarhus',
  postalCode: '8000',
  bio: '',
  expertise: '',
  website: '',
};

describe('profile (Danish messages)', () => {
  it.each([
    ['contactName', 'A', 'Navn skal være mindst 2 tegn'],
    ['email', 'nope', 'Indtast en gyldig e-mailadresse'],
    ['phone', '123', 'Indtast et gyldigt telefonnummer'],
    ['companyName', 'A', 'Virksomhedsnavn skal være mindst 2 tegn'],
    ['address', 'Vej', 'Indtast en komplet adresse'],
    ['city', 'A', 'Indtast en gyldig by'],
    ['postalCode', '12', 'Indtast et gyldigt postnummer'],
    ['website', 'not a url', 'Indtast en gyldig website-URL'],
    ['website', 'javascript:alert(1)', 'Indtast en gyldig website-URL'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(errors(ZProfileForm, { ...validProfile, [field]: value })).toEqual({ [field]: message });
  });

  it('allows an empty website, bio and expertise, and a real URL', () => {
    expect(errors(ZProfileForm, validProfile)).toEqual({});
    expect(errors(ZProfileForm, { ...validProfile, website: 'https://kursa.dk', bio: 'Underviser', expertise: 'Ledelse' })).toEqual({});
  });

  it('PATCH takes any subset and the settings switches, but never role or company membership', () => {
    expect(errors(ZUpdateUserRequest, { phone: '87654321' })).toEqual({});
    expect(errors(ZUpdateUserRequest, { preferences: { publicProfile: false } })).toEqual({});
    expect(errors(ZUpdateUserRequest, { preferences: { smsNotifications: true } })).toHaveProperty('preferences');
    expect(errors(ZUpdateUserRequest, { role: 'admin' })).toHaveProperty('_');
    expect(errors(ZUpdateUserRequest, { organisationId: 'x' })).toHaveProperty('_');
    expect(errors(ZUpdateUserRequest, { preferences: { darkWeb: true } })).toHaveProperty('preferences');
  });
});

describe('password change (Danish messages)', () => {
  it('needs the current password and 8+ characters', () => {
    expect(errors(ZChangePasswordRequest, { currentPassword: '', newPassword: 'short' })).toEqual({
      currentPassword: 'Indtast din nuværende adgangskode',
      newPassword: 'Ny adgangskode skal være mindst 8 tegn',
    });
  });

  it('the form also needs a matching confirmation', () => {
    expect(errors(ZChangePasswordForm, { currentPassword: 'old-pass', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' })).toEqual({
      confirmPassword: 'Adgangskoderne matcher ikke',
    });
    expect(errors(ZChangePasswordForm, { currentPassword: 'old-pass', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({});
  });
});
