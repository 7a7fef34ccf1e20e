import 'i18next';
import type { MessageKey } from '@shared/i18n/messages.ts';
import type account from './locales/da/account.json';
import type auth from './locales/da/auth.json';
import type builder from './locales/da/builder.json';
import type chat from './locales/da/chat.json';
import type common from './locales/da/common.json';
import type cvr from './locales/da/cvr.json';
import type lessonEditors from './locales/da/lesson-editors.json';
import type home from './locales/da/page-home.json';
import type platform from './locales/da/page-platform.json';
import type course from './locales/da/page-course.json';
import type courses from './locales/da/page-courses.json';
import type creatorPage from './locales/da/page-course-creator.json';
import type creatorWizard from './locales/da/creator-wizard.json';
import type team from './locales/da/team.json';
import type verify from './locales/da/page-verify.json';
import type learning from './locales/da/learning.json';
import type aiAssistantPage from './locales/da/page-ai-assistant.json';
import type aiSetupPage from './locales/da/page-ai-setup.json';
import type plans from './locales/da/plans.json';
import type pricing from './locales/da/page-pricing.json';
import type voice from './locales/da/voice.json';
import type recoveryPage from './locales/da/page-recovery.json';
import type contactPage from './locales/da/page-contact.json';
import type newsletter from './locales/da/newsletter.json';
import type notifications from './locales/da/notifications.json';
import type compliance from './locales/da/compliance.json';
import type paths from './locales/da/paths.json';
import type privacy from './locales/da/privacy.json';
import type resourcesPage from './locales/da/page-resources.json';
import type resourcePage from './locales/da/page-resource.json';
import type termsPage from './locales/da/page-terms.json';
import type privacyPage from './locales/da/page-privacy.json';
import type gdprPage from './locales/da/page-gdpr.json';
import type dpaPage from './locales/da/page-dpa.json';
import type subprocessorsPage from './locales/da/page-subprocessors.json';
import type aboutPage from './locales/da/page-about.json';
import type helpPage from './locales/da/page-help.json';

/** 'register.companyName' | 'cvr.invalid' … → { register: { companyName }, cvr: { invalid } }. */
type Group<K extends string> = K extends `${infer G}.${string}` ? G : never;
type Nested<K extends string> = { [G in Group<K>]: { [N in K extends `${G}.${infer Name}` ? Name : never]: string } };

/**
 * Translation keys are checked at compile time against the Danish files (the parity test keeps
 * English identical). `messages` is written by the build from src/shared/i18n (scripts/vite/locale-files.ts).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      cvr: typeof cvr;
      account: typeof account;
      builder: typeof builder;
      'lesson-editors': typeof lessonEditors;
      team: typeof team;
      learning: typeof learning;
      chat: typeof chat;
      voice: typeof voice;
      'creator-wizard': typeof creatorWizard;
      // One namespace per public info page, so each page downloads only its own strings.
      'page-home': typeof home;
      'page-platform': typeof platform;
      'page-courses': typeof courses;
      'page-course': typeof course;
      'page-pricing': typeof pricing;
      'page-resources': typeof resourcesPage;
      'page-resource': typeof resourcePage;
      'page-course-creator': typeof creatorPage;
      'page-ai-assistant': typeof aiAssistantPage;
      'page-ai-setup': typeof aiSetupPage;
      'page-verify': typeof verify;
      // The plan cards, on the landing page and /pricing.
      plans: typeof plans;
      'page-recovery': typeof recoveryPage;
      'page-contact': typeof contactPage;
      newsletter: typeof newsletter;
      // The bell's list, the notifications page, the preferences, the unsubscribe page, the mail log and the kept mails.
      notifications: typeof notifications;
      // Groups, requirements and the compliance matrix.
      compliance: typeof compliance;
      // Learning paths: the company's, and a learner's own on /learn.
      paths: typeof paths;
      // The audit log's page.
      privacy: typeof privacy;
      'page-terms': typeof termsPage;
      'page-privacy': typeof privacyPage;
      'page-gdpr': typeof gdprPage;
      'page-dpa': typeof dpaPage;
      'page-subprocessors': typeof subprocessorsPage;
      'page-about': typeof aboutPage;
      'page-help': typeof helpPage;
      messages: Nested<MessageKey>;
    };
  }
}
