/**
 * The notifications domain's public entry: the composition root (app.ts) wires the other domains'
 * events to it; it reads their tables but imports none of them.
 *
 * What Kursa tells people, in the app and by mail, and the mail log.
 */
export { addDays, copenhagenHour, latestMorning } from './copenhagen-time.ts';
export { NotificationEvents } from './events.ts';
export { notificationsRoutes } from './routes.ts';
export { scheduleScans, setUpEvents, setUpMail } from './setup.ts';
export type { DomainWork, PeriodicWork } from './scheduler.ts';
export { type NotificationEvent, NotificationsService } from './service.ts';
export { untold } from './told.ts';
