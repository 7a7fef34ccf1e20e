import { useId } from 'react';

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

export interface ChoiceListProps {
  name: string;
  legend: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Choice[];
}

/** One choice among a few, as native radio buttons in a fieldset (arrow keys move between them). */
export function ChoiceList({ name, legend, value, onChange, options }: ChoiceListProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex max-h-60 flex-col gap-1 overflow-y-auto">
        {options.map((option, index) => (
          <label
            key={option.value}
            htmlFor={`${id}-${index}`}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              id={`${id}-${index}`}
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="flex min-w-0 flex-col">
              <span className="font-medium break-words">{option.label}</span>
              {option.hint && <span className="text-muted-foreground">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
