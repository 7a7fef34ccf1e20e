import Plus from 'lucide-react/icons/plus';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Trash2 from 'lucide-react/icons/trash-2';
import type { TQuizQuestion } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';
import { addOption, MAX_OPTIONS, moveOption, removeOption, setOptionCorrect, updateOption } from './quiz-model';

const iconButton = 'size-9';

export interface ChoiceOptionsEditorProps {
  question: TQuizQuestion;
  /** The element id of one of the question's parts (`<option>-text`, `add-option`), unique on the page. */
  idOf: (part: string) => string;
  disabled: boolean;
  onChange: (change: (question: TQuizQuestion) => TQuizQuestion) => void;
  /** Where focus goes once the change has rendered: the option added, or the add button after a removal. */
  onFocusNext: (elementId: string) => void;
}

/**
 * A choice question's options: which are correct (one for single choice and true/false, any for
 * multiple), each option's text and feedback, and, except for true/false's fixed pair, moving,
 * removing and adding options.
 */
export function ChoiceOptionsEditor({ question, idOf, disabled, onChange, onFocusNext }: ChoiceOptionsEditorProps) {
  const { t } = useTranslation('lesson-editors');
  const fixed = question.type === 'true_false';
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">
        {question.type === 'multiple' ? t('quiz.optionsMultiple') : t('quiz.optionsSingle')}
      </legend>
      <ul className="flex flex-col gap-3">
        {question.options.map((option, optionIndex) => {
          const optionNumber = optionIndex + 1;
          const correctId = idOf(`${option.id}-correct`);
          const optionName = option.text.trim() || t('quiz.optionNumber', { number: optionNumber });
          return (
            <li key={option.id} className="flex flex-col gap-2 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-end gap-3">
                <div className="flex h-11 items-center gap-2">
                  {question.type === 'multiple' ? (
                    <Checkbox
                      id={correctId}
                      checked={option.correct}
                      onCheckedChange={(checked) => onChange((q) => setOptionCorrect(q, option.id, checked === true))}
                    />
                  ) : (
                    <input
                      id={correctId}
                      type="radio"
                      name={idOf('correct')}
                      checked={option.correct}
                      onChange={() => onChange((q) => setOptionCorrect(q, option.id, true))}
                      className="size-5 accent-[var(--primary)]"
                    />
                  )}
                  <label htmlFor={correctId} className="text-sm">
                    <span className="sr-only">{t('quiz.correctFor', { option: optionName })}</span>
                    <span aria-hidden="true">{t('quiz.correct')}</span>
                  </label>
                </div>
                <Field id={idOf(`${option.id}-text`)} label={t('quiz.optionNumber', { number: optionNumber })} className="min-w-48 flex-1">
                  {(control) =>
                    fixed ? (
                      <Input {...control} value={option.text} readOnly />
                    ) : (
                      <Input
                        {...control}
                        value={option.text}
                        maxLength={500}
                        onChange={(e) => onChange((q) => updateOption(q, option.id, { text: e.target.value }))}
                      />
                    )
                  }
                </Field>
                {!fixed && (
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      className={iconButton}
                      aria-label={t('quiz.moveOptionUp', { option: optionName })}
                      disabled={disabled || optionIndex === 0}
                      onClick={() => onChange((q) => moveOption(q, option.id, -1))}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className={iconButton}
                      aria-label={t('quiz.moveOptionDown', { option: optionName })}
                      disabled={disabled || optionIndex === question.options.length - 1}
                      onClick={() => onChange((q) => moveOption(q, option.id, 1))}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className={iconButton}
                      aria-label={t('quiz.removeOption', { option: optionName })}
                      disabled={disabled}
                      onClick={() => {
                        onFocusNext(idOf('add-option'));
                        onChange((q) => removeOption(q, option.id));
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                )}
              </div>
              <Field
                id={idOf(`${option.id}-feedback`)}
                label={t('quiz.feedbackFor', { number: optionNumber })}
                hint={t('quiz.feedbackHint')}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={option.feedback}
                    maxLength={1000}
                    onChange={(e) => onChange((q) => updateOption(q, option.id, { feedback: e.target.value }))}
                  />
                )}
              </Field>
            </li>
          );
        })}
      </ul>
      {!fixed && (
        <div>
          <Button
            id={idOf('add-option')}
            variant="secondary"
            size="sm"
            disabled={disabled || question.options.length >= MAX_OPTIONS}
            onClick={() => {
              const next = addOption(question);
              const added = next.options[next.options.length - 1];
              if (added) onFocusNext(idOf(`${added.id}-text`));
              onChange(() => next);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('quiz.addOption')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
