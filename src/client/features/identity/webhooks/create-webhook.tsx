import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { WEBHOOK_EVENTS } from '@shared/constants.ts';
import { ZCreateWebhookRequest, type TCreateWebhookRequest, type TWebhookCreated } from '@shared/schemas/webhooks.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SecretShownOnce } from '@/components/ui/secret-shown-once';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useCreateWebhook } from './api';
import { useEventName } from './events';

type CreateForm = z.input<typeof ZCreateWebhookRequest>;

const EMPTY: CreateForm = { url: '', events: [] };
// The server's own schema: the form refuses what the API would, with the same messages.
const resolver = zodResolver(ZCreateWebhookRequest);

/** The form that adds a webhook, and its signing secret shown this once when it is made. */
export function CreateWebhook() {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const eventName = useEventName();
  const baseId = useId();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<TWebhookCreated | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<CreateForm, unknown, TCreateWebhookRequest>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  // An error of the list as a whole ("choose one"): react-hook-form types it as a list's errors too.
  const eventsError = errorText(errors.events as FieldError | undefined);

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    create.mutate(values, {
      onSuccess: (answer) => {
        setCreated(answer);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['url', 'events'])) setFailure(serverMessage(error) ?? t('webhooks.createFailed'));
      },
    });
  });

  return (
    <>
      {created && (
        <SecretShownOnce
          title={t('webhooks.shownTitle', { url: created.webhook.url })}
          warning={t('webhooks.shownWarning')}
          label={t('webhooks.secret')}
          value={created.secret}
          copyText={t('webhooks.copy')}
          copiedText={t('webhooks.copied')}
          hideText={t('webhooks.hide')}
          onHide={() => {
            setCreated(undefined);
            form.setFocus('url');
          }}
          testId="webhook-secret"
        />
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-labelledby={`${baseId}-create`}>
        <h3 id={`${baseId}-create`} className="text-sm font-semibold">
          {t('webhooks.createTitle')}
        </h3>
        <Field
          id={`${baseId}-url`}
          label={t('webhooks.url')}
          hint={t('webhooks.urlHint')}
          error={errorText(errors.url)}
          required
          className="max-w-xl"
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('url')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={2000}
              placeholder="https://"
            />
          )}
        </Field>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">{t('webhooks.events')}</legend>
              {WEBHOOK_EVENTS.map((event, i) => (
                <div key={event} className="flex items-center gap-3">
                  <Checkbox
                    // The first box takes the focus when none is chosen (react-hook-form focuses the field's ref).
                    ref={i === 0 ? field.ref : undefined}
                    id={`${baseId}-${event}`}
                    name={field.name}
                    value={event}
                    checked={field.value.includes(event)}
                    aria-describedby={[`${baseId}-${event}-type`, eventsError && `${baseId}-events-error`].filter(Boolean).join(' ')}
                    aria-invalid={eventsError ? true : undefined}
                    onBlur={field.onBlur}
                    onCheckedChange={(on) => field.onChange(on ? [...field.value, event] : field.value.filter((e) => e !== event))}
                  />
                  <label htmlFor={`${baseId}-${event}`} className="text-sm font-medium">
                    {eventName(event)}
                  </label>
                  {/* The event's type as the receiving system reads it in the body. */}
                  <code id={`${baseId}-${event}-type`} className="text-xs text-muted-foreground">
                    {event}
                  </code>
                </div>
              ))}
              {eventsError && (
                <p id={`${baseId}-events-error`} className="text-sm text-danger">
                  {eventsError}
                </p>
              )}
            </fieldset>
          )}
        />
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {t('webhooks.create')}
          </Button>
        </div>
      </form>
    </>
  );
}
