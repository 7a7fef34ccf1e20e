import { brandPalette, type BrandPalette } from '../../../../shared/brand.ts';
import { PLAN_FEATURES } from '../../../../shared/plan-features.ts';
import type { BrandAsset, TBrandResponse, TBrandUpdate } from '../../../../shared/schemas/brand.ts';
import { uploadUrl } from '../../../../shared/schemas/uploads.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { MailBrand } from '../../../mail/templates.ts';
import { AppError } from '../../../http/errors.ts';
import type { UploadedFile, UploadsService } from '../../courses/index.ts';
import { assertNotDemo } from '../../identity/index.ts';
import * as repo from './repository.ts';

/** What a company's pages, certificates and mails are drawn with. */
export interface CompanyBrand {
  palette: BrandPalette | null;
  logoUploadId: string | null;
  heroUploadId: string | null;
  heroText: string | null;
  /** White label as it applies: chosen, and included in the company's plan. */
  whiteLabel: boolean;
}

export const PLAIN_BRAND: CompanyBrand = { palette: null, logoUploadId: null, heroUploadId: null, heroText: null, whiteLabel: false };

const ASSET_COLUMN = { logo: 'logoUploadId', hero: 'heroUploadId' } as const satisfies Record<BrandAsset, keyof repo.BrandRow>;

/** A company's brand: its admins set it; its site, course pages, certificates and mails use it. */
export class BrandService {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadsService,
    /** PUBLIC_URL: mails name the logo by an absolute address. */
    private readonly publicUrl: string,
  ) {}

  /** The brand as it applies (a company that set nothing draws as Kursa does). */
  async brandOf(organisationId: string): Promise<CompanyBrand> {
    const found = await repo.findBrand(this.db, organisationId);
    if (!found) return PLAIN_BRAND;
    const { brand, plan } = found;
    return {
      palette: brand.colour ? brandPalette(brand.colour) : null,
      logoUploadId: brand.logoUploadId,
      heroUploadId: brand.heroUploadId,
      heroText: brand.heroText,
      whiteLabel: brand.whiteLabel && PLAN_FEATURES[plan].whiteLabel,
    };
  }

  /** Is `uploadId` the company's logo or hero image (which anyone may see)? */
  async isBrandImage(organisationId: string, uploadId: string): Promise<boolean> {
    const found = await repo.findBrand(this.db, organisationId);
    return found !== undefined && (found.brand.logoUploadId === uploadId || found.brand.heroUploadId === uploadId);
  }

  /** What the company's certificates are drawn with: the light shade (it passes on white), the logo, white label. */
  async forCertificate(organisationId: string) {
    const { palette, logoUploadId, whiteLabel } = await this.brandOf(organisationId);
    return { accent: palette?.accentLight ?? null, logo: await this.logoOf(organisationId, logoUploadId), whiteLabel };
  }

  /** What the company's mails carry: its logo (an address anyone may fetch), its colour on buttons and links, white label. */
  async forMail(organisationId: string, companyName: string): Promise<MailBrand> {
    const { palette, logoUploadId, whiteLabel } = await this.brandOf(organisationId);
    return {
      companyName,
      buttonColour: palette?.primary ?? null,
      linkColour: palette?.accentLight ?? null,
      logoUrl: logoUploadId ? `${this.publicUrl}${uploadUrl(logoUploadId)}` : null,
      whiteLabel,
    };
  }

  /** The logo's bytes and type, to draw into a PDF; null without one (or when its file is gone). */
  private async logoOf(organisationId: string, logoUploadId: string | null): Promise<{ bytes: Buffer; mime: string } | null> {
    const upload = logoUploadId ? await this.uploads.companyImage(organisationId, logoUploadId) : undefined;
    if (!upload) return null;
    try {
      return { bytes: await this.uploads.bytes(upload), mime: upload.mime };
    } catch {
      return null;
    }
  }

  /** The company's staff read it (the settings page; an instructor sees how their courses look). */
  async get(actor: TUser): Promise<TBrandResponse> {
    if (actor.role === 'learner') throw new AppError('FORBIDDEN', 403, 'brand.adminOnly');
    const found = await repo.findBrand(this.db, actor.organisationId);
    const brand = found?.brand ?? repo.NO_BRAND;
    return {
      colour: brand.colour,
      palette: brand.colour ? brandPalette(brand.colour) : null,
      logoUrl: brand.logoUploadId ? uploadUrl(brand.logoUploadId) : null,
      heroImageUrl: brand.heroUploadId ? uploadUrl(brand.heroUploadId) : null,
      heroText: brand.heroText,
      whiteLabel: brand.whiteLabel,
      whiteLabelIncluded: found ? PLAN_FEATURES[found.plan].whiteLabel : false,
    };
  }

  async update(actor: TUser, change: TBrandUpdate): Promise<TBrandResponse> {
    const current = await this.assertCanChange(actor);
    if (change.whiteLabel && !current.whiteLabelIncluded) throw new AppError('PLAN_FEATURE', 403, 'plan.whiteLabel');
    await repo.saveBrand(
      this.db,
      actor.organisationId,
      { colour: change.colour || null, heroText: change.heroText || null, whiteLabel: change.whiteLabel },
      new Date().toISOString(),
    );
    return this.get(actor);
  }

  /** Stores an image (read and limited as every image upload is) and makes it the logo or the hero image. */
  /** Call assertCanChange first, before a byte of the file is read. */
  async storeAsset(actor: TUser, asset: BrandAsset, file: UploadedFile): Promise<TBrandResponse> {
    const upload = await this.uploads.store(actor, null, 'image', file);
    await repo.saveBrand(this.db, actor.organisationId, { [ASSET_COLUMN[asset]]: upload.id }, new Date().toISOString());
    return this.get(actor);
  }

  async removeAsset(actor: TUser, asset: BrandAsset): Promise<TBrandResponse> {
    await this.assertCanChange(actor);
    await repo.saveBrand(this.db, actor.organisationId, { [ASSET_COLUMN[asset]]: null }, new Date().toISOString());
    return this.get(actor);
  }

  /** Admins change the brand; the shared demo company's cannot. */
  async assertCanChange(actor: TUser): Promise<TBrandResponse> {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'brand.adminOnly');
    assertNotDemo(actor);
    return this.get(actor);
  }
}
