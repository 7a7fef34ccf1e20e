import type { TSiteResponse } from '../../../../shared/schemas/catalogue.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { isReservedSubdomain, isValidSubdomain } from '../../../../shared/validation/subdomain.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import * as catalogue from '../catalogue/repository.ts';
import { toCatalogueCourse, toCourseDetail } from '../catalogue/service.ts';
import { publicMarketing } from '../../authoring/index.ts';
import { assertNotDemo } from '../../identity/index.ts';
import type { SiteLanguage } from './locale.ts';
import { companyPage, coursePage, notFoundPage } from './pages.ts';
import * as repo from './repository.ts';
import type { SiteUrls } from '../../../http/site-urls.ts';
import type { BrandService } from '../brand/service.ts';

export interface SitePage {
  status: number;
  html: string;
}

const subdomainError = (code: string, status: number, key: 'site.subdomainRule' | 'site.subdomainReserved' | 'site.subdomainTaken') =>
  new AppError(code, status, key, { fields: { subdomain: key } });

/** The subdomain rule (SUBDOMAIN_PATTERN) and the reserved names, for a subdomain already normalised (lower-cased, stripped). */
export function assertSubdomainAllowed(subdomain: string): void {
  if (!isValidSubdomain(subdomain)) throw subdomainError('VALIDATION', 400, 'site.subdomainRule');
  if (isReservedSubdomain(subdomain)) throw subdomainError('SUBDOMAIN_RESERVED', 400, 'site.subdomainReserved');
}

export class SitesService {
  constructor(
    private readonly db: Db,
    readonly urls: SiteUrls,
    private readonly brand: BrandService,
  ) {}

  async site(actor: TUser): Promise<TSiteResponse> {
    const subdomain = await repo.organisationSubdomain(this.db, actor.organisationId);
    return { subdomain, siteUrl: subdomain ? this.urls.site(subdomain) : null, siteHost: this.urls.host };
  }

  /**
   * An admin chooses the company's subdomain. Not gated on company confirmation: a name serves
   * nothing by itself, and what the site shows (published courses) is what publishing gates.
   */
  async setSubdomain(actor: TUser, subdomain: string): Promise<{ subdomain: string; siteUrl: string }> {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'site.adminOnly');
    assertNotDemo(actor);
    assertSubdomainAllowed(subdomain);
    try {
      await repo.setSubdomain(this.db, actor.organisationId, subdomain);
    } catch (error) {
      if (isUniqueViolation(error)) throw subdomainError('SUBDOMAIN_TAKEN', 409, 'site.subdomainTaken');
      throw error;
    }
    return { subdomain, siteUrl: this.urls.site(subdomain) };
  }

  assertAllowed(subdomain: string): void {
    assertSubdomainAllowed(subdomain);
  }

  /** Refuses a name another company holds (a read; the unique index decides when it is claimed). */
  async assertAvailable(subdomain: string, organisationId?: string): Promise<void> {
    const holder = await repo.findOrganisationBySubdomain(this.db, subdomain);
    if (holder && holder.id !== organisationId) throw subdomainError('SUBDOMAIN_TAKEN', 409, 'site.subdomainTaken');
  }

  /**
   * Gives a company that has no subdomain the one its publish asked for. Two first publishes
   * racing cannot set two names: only a company without one is updated, and the name is unique.
   */
  async claimForPublish(actor: TUser, subdomain: string): Promise<void> {
    try {
      if (await repo.claimSubdomainIfUnset(this.db, actor.organisationId, subdomain)) return;
    } catch (error) {
      if (isUniqueViolation(error)) throw subdomainError('SUBDOMAIN_TAKEN', 409, 'site.subdomainTaken');
      throw error;
    }
    const current = await repo.organisationSubdomain(this.db, actor.organisationId);
    if (current !== subdomain) {
      throw new AppError('SUBDOMAIN_MISMATCH', 409, 'site.subdomainMismatch', {
        fields: { subdomain: 'site.subdomainMismatch' },
        params: { current: current ?? '' },
      });
    }
  }

  /** The company whose site lives at `subdomain`, if any. */
  async organisationId(subdomain: string): Promise<string | undefined> {
    return (await repo.findOrganisationBySubdomain(this.db, subdomain))?.id;
  }

  /** Is `uploadId` the logo or the hero image of the company at `organisationId` (which its site shows)? */
  async isBrandImage(organisationId: string, uploadId: string): Promise<boolean> {
    return this.brand.isBrandImage(organisationId, uploadId);
  }

  /** A page of the site at `subdomain`, for GET `pathname`. */
  async page(subdomain: string, pathname: string, lang: SiteLanguage): Promise<SitePage> {
    const found = await repo.findOrganisationBySubdomain(this.db, subdomain);
    if (!found) return { status: 404, html: notFoundPage(lang, 'site', undefined, this.urls) };
    return this.pageOf({ id: found.id, name: found.name, siteUrl: this.urls.site(subdomain) }, pathname, lang);
  }

  /** A page of a company's site, wherever it is served (its subdomain, or its own domain at `siteUrl`). */
  async pageOf(company: { id: string; name: string; siteUrl: string }, pathname: string, lang: SiteLanguage): Promise<SitePage> {
    const site = { name: company.name, siteUrl: company.siteUrl };
    const [brand, provider] = await Promise.all([this.brand.brandOf(company.id), repo.singleSignOnOf(this.db, company.id)]);
    const login = provider ? { url: this.urls.main(`/api/auth/sso/start?org=${encodeURIComponent(company.id)}`), provider } : undefined;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (path === '/') {
      const rows = await catalogue.listCompanyCourses(this.db, company.id);
      return {
        status: 200,
        html: companyPage(
          lang,
          site,
          rows.map((r) => toCatalogueCourse(r, this.urls)),
          this.urls,
          brand,
          login,
        ),
      };
    }
    const match = /^\/courses\/([^/]{1,120})$/.exec(path);
    if (!match) return { status: 404, html: notFoundPage(lang, 'page', site, this.urls, brand, login) };
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return { status: 404, html: notFoundPage(lang, 'course', site, this.urls, brand, login) };
    }
    // Public and unlisted courses of this company only: private, draft, archived and other
    // companies' courses are not here (session cookies never reach a company's site).
    const row = await catalogue.findPublishedCourse(this.db, slug, company.id);
    if (!row) return { status: 404, html: notFoundPage(lang, 'course', site, this.urls, brand, login) };
    await catalogue.noteCourseView(this.db, row.id);
    const [outline, marketing] = await Promise.all([catalogue.courseOutline(this.db, row.id), publicMarketing(this.db, row.id)]);
    const detail = toCourseDetail(row, outline, this.urls, marketing);
    return { status: 200, html: coursePage(lang, company.siteUrl, detail, this.urls, brand, login) };
  }
}
