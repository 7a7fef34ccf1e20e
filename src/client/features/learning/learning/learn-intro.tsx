import { useState } from 'react';
import Lightbulb from 'lucide-react/icons/lightbulb';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/me';
import { isNewcomer } from '@/lib/newcomer';
import { useTranslation } from '@/lib/use-translation';

/** Set for the tab once the introduction is put away, so a reload does not bring it back. */
const SEEN = 'kursa.learn-intro-seen';

function seen(): boolean {
  try {
    return sessionStorage.getItem(SEEN) !== null;
  } catch {
    return false;
  }
}

/** On a person's first visit, what /learn is for and how it works; "Forstået" puts it away. */
export function LearnIntro() {
  const { t } = useTranslation('learning');
  const { data: user } = useMe();
  const [shown, setShown] = useState(() => (user ? isNewcomer(user.id) && !seen() : false));
  if (!shown) return null;
  return (
    <section
      aria-labelledby="learn-intro-title"
      className="flex flex-col gap-3 rounded-2xl border border-accent/50 bg-card p-5 text-sm"
      data-testid="learn-intro"
    >
      <h2 id="learn-intro-title" className="flex items-center gap-2 text-base font-semibold">
        <Lightbulb aria-hidden="true" className="size-5 text-accent" />
        {t('intro.title')}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
        <li>{t('intro.courses')}</li>
        <li>{t('intro.resume')}</li>
        <li>{t('intro.certificates')}</li>
      </ul>
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        onClick={() => {
          try {
            sessionStorage.setItem(SEEN, '1');
          } catch {
            // Storage refused: it is put away for this page only.
          }
          setShown(false);
        }}
      >
        {t('intro.dismiss')}
      </Button>
    </section>
  );
}
