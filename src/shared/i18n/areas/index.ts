import type { Entry } from '../entry.ts';
import { aiMessages } from './ai.ts';
import { apiKeyMessages } from './api-keys.ts';
import { webhookMessages } from './webhooks.ts';
import { xapiMessages } from './xapi.ts';
import { scormMessages } from './scorm.ts';
import { auditMessages } from './audit.ts';
import { erasureMessages } from './erasure.ts';
import { billingMessages } from './billing.ts';
import { certificateMessages } from './certificates.ts';
import { chatMessages } from './chat.ts';
import { complianceMessages } from './compliance.ts';
import { courseGenerationMessages } from './course-generation.ts';
import { courseMessages } from './courses.ts';
import { creatorMessages } from './creator.ts';
import { dashboardMessages } from './dashboard.ts';
import { domainMessages } from './domains.ts';
import { insightMessages } from './insights.ts';
import { jobMessages } from './jobs.ts';
import { learningMessages } from './learning.ts';
import { mediaMessages } from './media.ts';
import { notificationMessages } from './notifications.ts';
import { pathMessages } from './paths.ts';
import { planMessages } from './plans.ts';
import { privacyMessages } from './privacy.ts';
import { publicFormMessages } from './public-forms.ts';
import { resourceMessages } from './resources.ts';
import { scimMessages } from './scim.ts';
import { siteMessages } from './sites.ts';
import { ssoMessages } from './sso.ts';
import { sourceMessages, translationMessages } from './sources.ts';
import { teamMessages } from './team.ts';
import { twoFactorMessages } from './two-factor.ts';
import { passkeyMessages } from './passkeys.ts';

/** Every area's messages (one file per area, so work on different areas does not meet in one file). */
export const areaMessages = {
  ...aiMessages,
  ...apiKeyMessages,
  ...webhookMessages,
  ...xapiMessages,
  ...scormMessages,
  ...auditMessages,
  ...erasureMessages,
  ...billingMessages,
  ...certificateMessages,
  ...chatMessages,
  ...complianceMessages,
  ...courseGenerationMessages,
  ...courseMessages,
  ...creatorMessages,
  ...dashboardMessages,
  ...domainMessages,
  ...insightMessages,
  ...jobMessages,
  ...learningMessages,
  ...mediaMessages,
  ...notificationMessages,
  ...pathMessages,
  ...planMessages,
  ...privacyMessages,
  ...resourceMessages,
  ...scimMessages,
  ...siteMessages,
  ...ssoMessages,
  ...sourceMessages,
  ...translationMessages,
  ...teamMessages,
  ...twoFactorMessages,
  ...passkeyMessages,
  ...publicFormMessages,
} as const satisfies Record<string, Entry>;
