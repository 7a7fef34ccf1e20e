import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/use-toast';
import { useCvrLookup } from '../hooks/use-cvr-lookup';
import { CvrNumberInput } from './cvr-lookup-field';
import { CvrCompanyFields } from './cvr-company-fields';
import { CvrSampleButtons } from './cvr-sample-buttons';

/** The hidden CVR test page's form: look a number up and see what would be filled in. */
export function CvrTestForm() {
  const { t } = useTranslation('cvr');
  const [cvr, setCvr] = useState('');
  const lookup = useCvrLookup(cvr);
  const company = lookup.company;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.status !== 'valid' || !company) return;
    toast({
      title: t('test.submitted.title'),
      description: t('test.submitted.description', { company: company.companyName, cvr: company.cvr }),
    });
  };

  return (
    <Card className="p-6 sm:p-8">
      <form noValidate onSubmit={submit} className="flex flex-col gap-8">
        <CvrSampleButtons onPick={setCvr} />
        <CvrNumberInput id="cvr-test-number" label={t('field.label')} value={cvr} onChange={setCvr} lookup={lookup} />
        <CvrCompanyFields company={company} />
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => setCvr('')}>
            {t('test.reset')}
          </Button>
          <Button type="submit" disabled={lookup.status !== 'valid'}>
            {t('test.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
