import type { TSsoSettings, TSsoSettingsUpdate } from '../../../../shared/schemas/sso.ts';
import { AppError } from '../../../http/errors.ts';
import type { ConnectionRow } from './repository.ts';
import { fingerprintOf } from './settings.ts';

type SamlView = Omit<TSsoSettings['saml'], 'spEntityId' | 'acsUrl' | 'spMetadataUrl'>;

/** The SAML side of a company's settings: what is shown, and what an update changes. */
export interface SamlSettingsPart {
  view(row: ConnectionRow | undefined): SamlView;
  apply(update: TSsoSettingsUpdate['saml'], before: ConnectionRow | undefined): Promise<Partial<ConnectionRow>>;
}

export class SamlSettings implements SamlSettingsPart {
  view(row: ConnectionRow | undefined): SamlView {
    const certificates = (row?.saml_certificates ?? '').split('\n').filter((c) => c.trim() !== '');
    return {
      entityId: row?.saml_entity_id ?? null,
      ssoUrl: row?.saml_sso_url ?? null,
      sloUrl: row?.saml_slo_url ?? null,
      metadataUrl: row?.saml_metadata_url ?? null,
      certificates: certificates.map((c) => ({ fingerprint: fingerprintOf(c), notAfter: null })),
      encrypted: row?.saml_encrypted === 1,
    };
  }

  apply(): Promise<Partial<ConnectionRow>> {
    return Promise.reject(
      new AppError('INVALID_SSO', 400, 'sso.samlMetadataInvalid', { fields: { 'saml.metadataXml': 'sso.samlMetadataInvalid' } }),
    );
  }
}
