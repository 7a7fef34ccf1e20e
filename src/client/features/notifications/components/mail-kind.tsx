import { useTranslation } from '@/lib/use-translation';
import { notificationKind } from '../lib/kept-mail';

/** What a mail is about, by its kind: a notification's, the daily overview, or a code, link or invitation sent at once. */
export function MailKind({ kind }: { kind: string }) {
  const { t } = useTranslation('notifications');
  const known = notificationKind(kind);
  if (known) return t(`kinds.${known}.label`);
  if (kind === 'digest' || kind === 'direct') return t(`mailKinds.${kind}`);
  return kind;
}
