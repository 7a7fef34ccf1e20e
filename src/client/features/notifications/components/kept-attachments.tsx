import { useState } from 'react';
import Paperclip from 'lucide-react/icons/paperclip';
import type { TKeptMail } from '@shared/schemas/notifications.ts';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';

/**
 * The files a kept mail carries. They are read with the mailbox's key in a header, which a plain
 * link cannot send, so a click fetches the file and hands it to the browser as a download.
 */
export function KeptAttachments({ mail, mailKey }: { mail: TKeptMail; mailKey: string }) {
  const { t } = useTranslation('notifications');
  const [failed, setFailed] = useState(false);
  if (mail.attachments.length === 0) return null;

  const download = async (position: number, filename: string) => {
    setFailed(false);
    const response = await fetch(`/api/dev/mail/${encodeURIComponent(mail.id)}/attachments/${position}`, {
      headers: { 'X-Dev-Mail-Key': mailKey },
      credentials: 'same-origin',
    }).catch(() => undefined);
    if (!response?.ok) {
      setFailed(true);
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">{t('devMail.attachments')}</h3>
      <ul className="flex flex-col gap-1" data-testid="dev-mail-attachments">
        {mail.attachments.map((file) => (
          <li key={file.position} className="flex flex-wrap items-center gap-2 text-sm">
            <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
            <Button variant="ghost" size="sm" onClick={() => void download(file.position, file.filename)}>
              {t('devMail.download', { name: file.filename })}
            </Button>
            <span className="text-muted-foreground">
              {file.contentType} · {formatNumber(Math.ceil(file.size / 1024))} KB
            </span>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {t('devMail.downloadFailed')}
        </p>
      )}
    </div>
  );
}
