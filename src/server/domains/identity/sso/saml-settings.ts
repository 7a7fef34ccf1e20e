import type { TSsoSettings, TSsoSettingsUpdate } from '../../../../shared/schemas/sso.ts';
import type { MessageKey } from '../../../../shared/i18n/messages.ts';
import { AppError } from '../../../http/errors.ts';
import type { ConnectionRow } from './repository.ts';

import { certificateInfo, fetchMetadata, fingerprintOf, parseIdpMetadata, SamlMetadataError, type IdpMetadata } from './saml-metadata.ts';

type SamlView = Omit<TSsoSettings['saml'], 'spEntityId' | 'acsUrl' | 'spMetadataUrl'>;

/** The SAML side of a company's settings: what is shown, and what an update changes. */
export interface SamlSettingsPart {
  view(row: ConnectionRow | undefined): SamlView;
  apply(update: TSsoSettingsUpdate['saml'], before: ConnectionRow | undefined, enabled: boolean): Promise<Partial<ConnectionRow>>;
}

const invalid = (field: string, key: MessageKey) => new AppError('INVALID_SSO', 400, key, { fields: { [field]: key } });

/**
 * A company's SAML provider is set by its metadata, pasted or read from its address
 * (docs/decisions/060-saml-sign-in.md). A save with neither keeps what was read before; a save
 * with the address alone reads it afresh, which is how a provider's new certificate is taken.
 */
export class SamlSettings implements SamlSettingsPart {
  constructor(private readonly allowHttp: boolean) {}

  view(row: ConnectionRow | undefined): SamlView {
    const certificates = (row?.saml_certificates ?? '').split('\n').filter((c) => c.trim() !== '');
    return {
      entityId: row?.saml_entity_id ?? null,
      ssoUrl: row?.saml_sso_url ?? null,
      sloUrl: row?.saml_slo_url ?? null,
      metadataUrl: row?.saml_metadata_url ?? null,
      certificates: certificates.map(shown),
      encrypted: row?.saml_encrypted === 1,
    };
  }

  async apply(update: TSsoSettingsUpdate['saml'], before: ConnectionRow | undefined, enabled: boolean): Promise<Partial<ConnectionRow>> {
    const given = update ?? {};
    const pasted = given.metadataXml?.trim() || undefined;
    const metadataUrl = given.metadataUrl === undefined ? (before?.saml_metadata_url ?? null) : given.metadataUrl.trim() || null;
    const encrypted = (given.encrypted ?? before?.saml_encrypted === 1) ? 1 : 0;
    let metadata: IdpMetadata | undefined;
    if (pasted) metadata = read(() => parseIdpMetadata(pasted), 'saml.metadataXml');
    else if (given.metadataUrl?.trim()) {
      const xml = await fetchMetadata(given.metadataUrl.trim(), this.allowHttp).catch((error: unknown) => {
        if (error instanceof SamlMetadataError) throw invalid('saml.metadataUrl', 'sso.samlMetadataUnreachable');
        throw error;
      });
      metadata = read(() => parseIdpMetadata(xml), 'saml.metadataUrl');
    }
    const changes: Partial<ConnectionRow> = metadata
      ? {
          saml_entity_id: metadata.entityId,
          saml_sso_url: metadata.ssoUrl,
          saml_slo_url: metadata.sloUrl,
          saml_certificates: metadata.certificates.join('\n'),
          saml_metadata_url: metadataUrl,
          saml_encrypted: encrypted,
        }
      : { saml_metadata_url: metadataUrl, saml_encrypted: encrypted };
    const ssoUrl = metadata?.ssoUrl ?? before?.saml_sso_url;
    const certificates = metadata?.certificates.join('') ?? before?.saml_certificates;
    // Turned on, people are sent to the provider at once: it must be one we can send them to and believe.
    if (enabled && (!ssoUrl || !certificates)) throw invalid('saml.metadataXml', 'sso.samlIncomplete');
    return changes;
  }
}

function read(parse: () => IdpMetadata, field: string): IdpMetadata {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SamlMetadataError) throw invalid(field, 'sso.samlMetadataInvalid');
    throw error;
  }
}

function shown(body: string) {
  try {
    return certificateInfo(body);
  } catch {
    return { fingerprint: fingerprintOf(body), notAfter: null };
  }
}
