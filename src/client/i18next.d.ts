import 'i18next';
import type { MessageKey } from '@shared/i18n/messages.ts';
import type account from './locales/da/account.json';
import type auth from './locales/da/auth.json';
import type common from './locales/da/common.json';
import type cvr from './locales/da/cvr.json';
import type pages from './locales/da/pages.json';

/** 'register.companyName' | 'cvr.invalid' … → { register: { companyName }, cvr: { invalid } }. */
type Group<K extends string> = K extends `${infer G}.${string}` ? G : never;
type Nested<K extends string> = { [G in Group<K>]: { [N in K extends `${G}.${infer Name}` ? Name : never]: string } };

/**
 * Translation keys are checked at compile time against the Danish files (the parity test keeps
 * English identical). `messages` is built at runtime from src/shared/i18n/messages.ts.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      cvr: typeof cvr;
      account: typeof account;
      pages: typeof pages;
      messages: Nested<MessageKey>;
    };
  }
}
