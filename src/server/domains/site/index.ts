/**
 * The site domain's public entry: other domains and the composition root (app.ts, demo/) import
 * from here, never from the modules inside (scripts/check-architecture.ts keeps it so).
 *
 * What visitors see: the catalogue, company sites and their figures, instructors, resources, the
 * contact and newsletter forms, configuration and health.
 */
export { saveBrand } from './brand/repository.ts';
export { brandRoutes } from './brand/routes.ts';
export { BrandService } from './brand/service.ts';
export { customDomainRoutes } from './custom-domains/routes.ts';
export { CustomDomainsService } from './custom-domains/service.ts';
export { catalogueRoutes } from './catalogue/routes.ts';
export { CatalogueService } from './catalogue/service.ts';
export { configRoutes, healthRoutes } from './config/routes.ts';
export { contactRoutes } from './contact/routes.ts';
export { ContactService } from './contact/service.ts';
export { instructorsRoutes } from './instructors/routes.ts';
export { InstructorsService } from './instructors/service.ts';
export { newsletterRoutes } from './newsletter/routes.ts';
export { onboardingRoutes } from './onboarding/routes.ts';
export { OnboardingService } from './onboarding/service.ts';
export { NewsletterService } from './newsletter/service.ts';
export { loadResourceLibrary } from './resources/content.ts';
export { resourcesRoutes } from './resources/routes.ts';
export { ResourcesService } from './resources/service.ts';
export { siteStatsRoutes } from './site-stats/routes.ts';
export { SiteStatsService } from './site-stats/service.ts';
export { PublishService } from './sites/publish.ts';
export { setSubdomain } from './sites/repository.ts';
export { registerCompanySites, sitesRoutes } from './sites/routes.ts';
export { SitesService } from './sites/service.ts';
