import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { TSsoSettings } from '@shared/schemas/sso.ts';
import { SamlFields } from '@/features/identity/sso/saml-fields';

vi.mock('@/lib/use-translation', () => ({
  useTranslation: () => ({ t: (key: string, params?: Record<string, string>) => `t(${key}${params ? ` ${JSON.stringify(params)}` : ''})` }),
}));

// The SAML part of the single sign-on settings: our addresses to give the provider, the fields the
// admin fills in, and what was read of the provider's metadata.

const saml: TSsoSettings['saml'] = {
  entityId: 'https://idp.example/metadata',
  ssoUrl: 'https://idp.example/sso',
  sloUrl: null,
  metadataUrl: 'https://idp.example/federation.xml',
  certificates: [{ fingerprint: 'AB:CD', notAfter: '2036-01-31T12:00:00.000Z' }],
  encrypted: true,
  spEntityId: 'https://kursa.example/api/auth/saml/metadata/org1',
  acsUrl: 'https://kursa.example/api/auth/saml/acs',
  spMetadataUrl: 'https://kursa.example/api/auth/saml/metadata/org1',
};

const render = (props: Partial<Parameters<typeof SamlFields>[0]> = {}) =>
  renderToStaticMarkup(createElement(SamlFields, { saml, value: {}, onChange: () => undefined, ...props }));

describe('SamlFields', () => {
  it("shows our addresses, the provider's metadata address, its certificates and that encryption is on", () => {
    const html = render();
    for (const address of [saml.spEntityId, saml.acsUrl]) expect(html).toContain(`value="${address}"`);
    expect(html).toContain(`value="${saml.metadataUrl}"`);
    expect(html).toContain('AB:CD');
    expect(html).toContain('t(samlFields.validUntil {&quot;date&quot;:');
    expect(html).toContain('t(samlFields.none)');
    expect(html).toMatch(/type="checkbox"[^>]*checked=""/);
  });

  it("shows what the admin typed, and the server's field errors by their fields", () => {
    const html = render({
      value: { metadataUrl: 'https://other.example/m.xml', metadataXml: '<md/>', encrypted: false },
      errors: { 'saml.metadataXml': 'Metadataene kunne ikke læses.' },
    });
    expect(html).toContain('value="https://other.example/m.xml"');
    expect(html).toContain('&lt;md/&gt;</textarea>');
    expect(html).toContain('Metadataene kunne ikke læses.');
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(html).not.toMatch(/type="checkbox"[^>]*checked=""/);
  });

  it('says when no metadata was read yet', () => {
    expect(render({ saml: { ...saml, entityId: null, certificates: [] } })).toContain('t(samlFields.notRead)');
  });
});
