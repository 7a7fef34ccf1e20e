import { useState } from 'react';
import Check from 'lucide-react/icons/check';
import Sparkles from 'lucide-react/icons/sparkles';
import type { TCourseConcept, TGenerateConceptResponse } from '@shared/schemas/course-creator.ts';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useGenerateConcept } from '../api/generate-concept';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import type { CourseDraft } from '../lib/wizard';
import { AiGate } from './ai-gate';
import { AiSource } from './ai-source';

export interface ConceptStepProps {
  draft: CourseDraft;
  onDraftChange: (draft: CourseDraft) => void;
  /** The draft was pre-filled from the teacher profile. */
  fromProfile: boolean;
  /** The concepts generated (restored with the draft after a reload): new ones only when asked for. */
  result: Pick<TGenerateConceptResponse, 'concepts' | 'source'> | null;
  onResult: (result: TGenerateConceptResponse) => void;
  chosen: number | null;
  onChoose: (index: number) => void;
  onSetupRequired: () => void;
}

/** The concept step's form: Industry / Subject Area and Target Audience, and three concepts to choose from. */
export function ConceptStep({ draft, onDraftChange, fromProfile, result, onResult, chosen, onChoose, onSetupRequired }: ConceptStepProps) {
  const { t } = useTranslation('creator-wizard');
  const generate = useGenerateConcept();
  const [failure, setFailure] = useState<string | null>(null);
  const ready = draft.industry.trim().length >= 2 && draft.target_audience.trim().length >= 2;
  const set = (field: keyof CourseDraft) => (event: { target: { value: string } }) =>
    onDraftChange({ ...draft, [field]: event.target.value });

  const submit = () => {
    setFailure(null);
    generate.mutate(
      {
        industry: draft.industry.trim(),
        target_audience: draft.target_audience.trim(),
        ...(draft.title.trim() && { title: draft.title.trim() }),
        ...(draft.description.trim() && { description: draft.description.trim() }),
        language: currentLanguage(),
      },
      {
        onSuccess: (answer) => {
          onResult(answer);
          toast({ title: t('toast.conceptTitle') });
        },
        onError: (error) => {
          if (isSetupRequired(error)) return onSetupRequired();
          setFailure(errorText(error));
          toast({ title: t('toast.generationFailed'), description: t('toast.conceptFailed'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !generate.isPending) submit();
        }}
      >
        {fromProfile && <p className="text-sm text-muted-foreground sm:col-span-2">{t('concept.profileFrom')}</p>}
        <Field id="concept-industry" label={t('concept.industry')} required>
          {(control) => <Input {...control} value={draft.industry} maxLength={200} onChange={set('industry')} />}
        </Field>
        <Field id="concept-audience" label={t('concept.audience')} required>
          {(control) => <Input {...control} value={draft.target_audience} maxLength={1000} onChange={set('target_audience')} />}
        </Field>
        <Field id="concept-title" label={t('concept.title')} className="sm:col-span-2">
          {(control) => <Input {...control} value={draft.title} maxLength={200} onChange={set('title')} />}
        </Field>
        <Field id="concept-description" label={t('concept.description')} className="sm:col-span-2">
          {(control) => <Textarea {...control} value={draft.description} maxLength={4000} onChange={set('description')} />}
        </Field>
        <div className="sm:col-span-2">
          <AiGate>
            <Button type="submit" disabled={!ready || generate.isPending}>
              {generate.isPending ? <Spinner /> : <Sparkles aria-hidden="true" className="size-4" />}
              {t(result ? 'concept.regenerate' : 'concept.generate')}
            </Button>
            {generate.isPending && (
              <p role="status" className="mt-2 text-sm text-muted-foreground">
                {t('concept.generating')}
              </p>
            )}
            {failure && !generate.isPending && (
              <p role="alert" className="mt-2 text-sm text-danger">
                {failure}
              </p>
            )}
          </AiGate>
        </div>
      </form>
      {result && (
        <section aria-labelledby="concepts-heading" data-testid="concepts">
          <h2 id="concepts-heading" className="text-lg font-semibold">
            {t('concept.choicesHeading')}
          </h2>
          <AiSource source={result.source} />
          <ul className="mt-4 grid gap-4 lg:grid-cols-3">
            {result.concepts.map((concept, index) => (
              <li key={index}>
                <ConceptCard concept={concept} chosen={chosen === index} onChoose={() => onChoose(index)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ConceptCard({ concept, chosen, onChoose }: { concept: TCourseConcept; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation('creator-wizard');
  return (
    <Card className={cn('flex h-full flex-col gap-3', chosen && 'border-primary ring-2 ring-primary')} data-testid="concept-card">
      <h3 className="font-semibold">{concept.title}</h3>
      <p className="text-sm leading-relaxed text-muted-foreground">{concept.description}</p>
      <p className="text-sm">
        <span className="font-medium">{concept.differentiator}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('concept.level')}</dt>
          <dd>{t(`levels.${concept.complexity_level}`)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('concept.format')}</dt>
          <dd>{t(`formats.${concept.format}`)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">{t('concept.duration')}</dt>
          <dd>{concept.duration}</dd>
        </div>
      </dl>
      <div className="text-sm">
        <p className="text-muted-foreground">{t('concept.objectives')}</p>
        <ul className="mt-1 list-disc pl-5">
          {concept.learning_objectives.map((objective, i) => (
            <li key={i}>{objective}</li>
          ))}
        </ul>
      </div>
      <div className="mt-auto pt-2">
        {chosen ? (
          <Badge>
            <Check aria-hidden="true" className="size-3.5" />
            {t('concept.chosen')}
          </Badge>
        ) : (
          <Button size="sm" variant="secondary" onClick={onChoose} aria-label={`${t('concept.choose')}: ${concept.title}`}>
            {t('concept.choose')}
          </Button>
        )}
      </div>
    </Card>
  );
}
