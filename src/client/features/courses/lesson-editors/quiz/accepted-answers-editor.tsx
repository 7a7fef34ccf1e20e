import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { TQuizQuestion } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';
import { MAX_ACCEPTED_ANSWERS } from './quiz-model';

export interface AcceptedAnswersEditorProps {
  question: TQuizQuestion;
  /** The element id of one of the question's parts (`answer-0`, `add-answer`), unique on the page. */
  idOf: (part: string) => string;
  disabled: boolean;
  onChange: (answers: string[]) => void;
  /** Where focus goes once the change has rendered: the answer added, or the add button after a removal. */
  onFocusNext: (elementId: string) => void;
}

/** A short-answer question's accepted answers: each editable and removable, and one more to add. */
export function AcceptedAnswersEditor({ question, idOf, disabled, onChange, onFocusNext }: AcceptedAnswersEditorProps) {
  const { t } = useTranslation('lesson-editors');
  const answers = question.acceptedAnswers;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('quiz.acceptedAnswers')}</legend>
      <p className="text-sm text-muted-foreground">{t('quiz.acceptedAnswersHint')}</p>
      <ul className="flex flex-col gap-2">
        {answers.map((answer, answerIndex) => (
          <li key={answerIndex} className="flex items-end gap-2">
            <Field id={idOf(`answer-${answerIndex}`)} label={t('quiz.acceptedAnswer', { number: answerIndex + 1 })} className="flex-1">
              {(control) => (
                <Input
                  {...control}
                  value={answer}
                  maxLength={200}
                  onChange={(e) => onChange(answers.map((a, i) => (i === answerIndex ? e.target.value : a)))}
                />
              )}
            </Field>
            <Button
              variant="ghost"
              size="icon"
              className="mb-1 size-9"
              aria-label={t('quiz.removeAcceptedAnswer', { number: answerIndex + 1 })}
              disabled={disabled}
              onClick={() => {
                onFocusNext(idOf('add-answer'));
                onChange(answers.filter((_, i) => i !== answerIndex));
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          id={idOf('add-answer')}
          variant="secondary"
          size="sm"
          disabled={disabled || answers.length >= MAX_ACCEPTED_ANSWERS}
          onClick={() => {
            onFocusNext(idOf(`answer-${answers.length}`));
            onChange([...answers, '']);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('quiz.addAcceptedAnswer')}
        </Button>
      </div>
    </fieldset>
  );
}
