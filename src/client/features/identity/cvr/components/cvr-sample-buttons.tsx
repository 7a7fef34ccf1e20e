import { useTranslation } from '@/lib/use-translation';
import { CVR_SAMPLES } from '@shared/constants.ts';
import { Button } from '@/components/ui/button';

/** The CVR test page's four buttons that fill sample numbers, two valid and two failing the checksum. */
export function CvrSampleButtons({ onPick }: { onPick: (cvr: string) => void }) {
  const { t } = useTranslation('cvr');
  return (
    <div role="group" aria-labelledby="cvr-samples-title" className="flex flex-col gap-3">
      <p id="cvr-samples-title" className="text-sm font-medium">
        {t('test.samples')}
      </p>
      <div className="flex flex-wrap gap-2">
        {CVR_SAMPLES.map((sample) => (
          <Button key={sample} variant="secondary" size="sm" className="font-mono" onClick={() => onPick(sample)}>
            {sample}
          </Button>
        ))}
      </div>
    </div>
  );
}
