import type { Migration } from 'kysely';
import * as m001 from './001-initial.ts';
import * as m002 from './002-company-verification.ts';
import * as m003 from './003-registration-attempts.ts';
import * as m004 from './004-courses.ts';
import * as m005 from './005-catalogue-search.ts';
import * as m006 from './006-learning.ts';
import * as m007 from './007-certificate-keys.ts';
import * as m008 from './008-learning-indexes.ts';
import * as m009 from './009-ai-usage.ts';
import * as m010 from './010-ai-jobs.ts';
import * as m011 from './011-creator-drafts.ts';
import * as m012 from './012-course-insights.ts';
import * as m013 from './013-course-generation.ts';
import * as m014 from './014-course-sources.ts';
import * as m015 from './015-course-translations.ts';
import * as m016 from './016-lesson-passages.ts';
import * as m017 from './017-ai-conversations.ts';
import * as m018 from './018-organisation-billing.ts';
import * as m022 from './022-demo-plan.ts';
import * as m019 from './019-public-mail-flows.ts';
import * as m020 from './020-resource-views.ts';
import * as m021 from './021-payments.ts';
import * as m023 from './023-review-quotes.ts';
import * as m025 from './025-watched-ranges-and-first-login.ts';
import * as m026 from './026-revision-saved-at.ts';
import * as m028 from './028-ai-reservations.ts';
import * as m029 from './029-draft-concepts.ts';
import * as m030 from './030-lesson-free-preview.ts';
import * as m031 from './031-creator-keeps-answers.ts';
import * as m032 from './032-dashboard-versions.ts';
import * as m033 from './033-catalogue-shown-version.ts';
import * as m034 from './034-catalogue-search-page.ts';
import * as m035 from './035-onboarding.ts';
import * as m036 from './036-company-brands.ts';
import * as m037 from './037-custom-domains.ts';
import * as m038 from './038-review-replies.ts';
import * as m039 from './039-notifications.ts';
import * as m040 from './040-course-questions.ts';
import * as m041 from './041-compliance.ts';
import * as m042 from './042-learning-paths.ts';
import * as m043 from './043-compliance-notices.ts';
import * as m044 from './044-audit-log.ts';
import * as m045 from './045-audit-signatures.ts';
import * as m046 from './046-data-exports.ts';
import * as m047 from './047-erasure.ts';
import * as m048 from './048-audit-checkpoints.ts';
import * as m049 from './049-company-deletion.ts';
import * as m050 from './050-scim.ts';
import * as m051 from './051-company-domains.ts';
import * as m052 from './052-two-factor.ts';
import * as m053 from './053-single-sign-on.ts';
import * as m054 from './054-passkeys.ts';
import * as m055 from './055-api-keys.ts';
import * as m056 from './056-webhooks.ts';
import * as m057 from './057-xapi.ts';
import * as m058 from './058-scorm.ts';
import * as m059 from './059-catalogue-learners.ts';
import * as m060 from './060-resource-ratings.ts';
import * as m061 from './061-subscription-changes.ts';
import * as m062 from './062-question-threads.ts';
import * as m063 from './063-ai-images.ts';

/** Every migration by name, applied in name order (database.ts's migrate). */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-company-verification': m002,
  '003-registration-attempts': m003,
  '004-courses': m004,
  '005-catalogue-search': m005,
  '006-learning': m006,
  '007-certificate-keys': m007,
  '008-learning-indexes': m008,
  '009-ai-usage': m009,
  '010-ai-jobs': m010,
  '011-creator-drafts': m011,
  '012-course-insights': m012,
  '013-course-generation': m013,
  '014-course-sources': m014,
  '015-course-translations': m015,
  '016-lesson-passages': m016,
  '017-ai-conversations': m017,
  '018-organisation-billing': m018,
  '022-demo-plan': m022,
  '019-public-mail-flows': m019,
  '020-resource-views': m020,
  '021-payments': m021,
  '023-review-quotes': m023,
  '025-watched-ranges-and-first-login': m025,
  '026-revision-saved-at': m026,
  '028-ai-reservations': m028,
  '029-draft-concepts': m029,
  '030-lesson-free-preview': m030,
  '031-creator-keeps-answers': m031,
  '032-dashboard-versions': m032,
  '033-catalogue-shown-version': m033,
  '034-catalogue-search-page': m034,
  '035-onboarding': m035,
  '036-company-brands': m036,
  '037-custom-domains': m037,
  '038-review-replies': m038,
  '039-notifications': m039,
  '040-course-questions': m040,
  '041-compliance': m041,
  '042-learning-paths': m042,
  '043-compliance-notices': m043,
  '044-audit-log': m044,
  '045-audit-signatures': m045,
  '046-data-exports': m046,
  '047-erasure': m047,
  '048-audit-checkpoints': m048,
  '049-company-deletion': m049,
  '050-scim': m050,
  '051-company-domains': m051,
  '052-two-factor': m052,
  '053-single-sign-on': m053,
  '054-passkeys': m054,
  '055-api-keys': m055,
  '056-webhooks': m056,
  '057-xapi': m057,
  '058-scorm': m058,
  '059-catalogue-learners': m059,
  '060-resource-ratings': m060,
  '061-subscription-changes': m061,
  '062-question-threads': m062,
  '063-ai-images': m063,
};
