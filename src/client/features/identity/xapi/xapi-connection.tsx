import { useEffect, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ZSaveXapiRequest, type TXapiSettings, type TXapiTestResult } from '@shared/schemas/xapi.ts';
import { Badge } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useDeleteXapi, useSaveXapi, useTestXapi } from './api';

/** What the form holds: the password is a text, empty when the saved one is to stay. */
interface XapiForm {
  endpoint: string;
  username: string;
  password: string;
  active: boolean;
}

// The server's own schema: the form refuses what the API would, with the same messages. An empty
// password is left out (the saved one stays); while none is saved, it is refused.
const keepPassword = ZSaveXapiRequest.extend({
  password: z
    .string()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(ZSaveXapiRequest.shape.password),
});
const firstPassword = ZSaveXapiRequest.extend({
  password: z.string().min(1, { error: 'xapi.passwordRequired' }).pipe(ZSaveXapiRequest.shape.password.unwrap()),
});
type Saved = z.output<typeof keepPassword>;
const resolvers: Record<'keep' | 'first', Resolver<XapiForm, unknown, Saved>> = {
  keep: zodResolver(keepPassword),
  first: zodResolver(firstPassword),
};

/** The form as the server keeps the settings: the password field empty, a new connection sending. */
function valuesOf(settings: TXapiSettings): XapiForm {
  return {
    endpoint: settings.endpoint ?? '',
    username: settings.username ?? '',
    password: '',
    active: settings.endpoint === null ? true : settings.active,
  };
}

/** What a status line says, and whether it is good or bad news. */
interface Note {
  text: string;
  detail?: string | null;
  tone: 'muted' | 'success' | 'danger';
}

const toneClasses: Record<Note['tone'], string> = {
  muted: 'text-muted-foreground',
  success: 'text-success',
  danger: 'text-danger',
};

/**
 * The company's LRS: its address, username and password (kept when the field is left empty) and
 * whether statements are sent; a test statement sent now; and removing it, asked first, after
 * which the focus goes to the emptied address field.
 */
export function XapiConnection({ settings }: { settings: TXapiSettings }) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const baseId = useId();
  const save = useSaveXapi();
  const test = useTestXapi();
  const remove = useDeleteXapi();
  const form = useForm<XapiForm, unknown, Saved>({
    resolver: resolvers[settings.hasPassword ? 'keep' : 'first'],
    defaultValues: valuesOf(settings),
  });
  const { errors } = form.formState;
  const [saveNote, setSaveNote] = useState<Note | undefined>();
  const [note, setNote] = useState<Note | undefined>();
  const [asking, setAsking] = useState(false);
  // The address asked about, kept while the dialog closes after the connection has gone.
  const [askedAbout, setAskedAbout] = useState('');
  // An object, so that removing twice still moves the focus.
  const [removed, setRemoved] = useState<object | undefined>();
  const { setFocus } = form;
  useEffect(() => {
    if (removed) setFocus('endpoint');
  }, [removed, setFocus]);

  const { endpoint } = settings;
  const inUse = endpoint !== null || settings.installationEndpoint;

  const submit = form.handleSubmit(({ password, ...rest }) => {
    setSaveNote(undefined);
    save.mutate(
      { ...rest, ...(password !== undefined && { password }) },
      {
        onSuccess: (answer) => {
          // What was saved, as the server keeps it: the password field empties, the password is kept.
          form.reset(valuesOf(answer));
          setSaveNote({ text: t('xapi.saved'), tone: 'muted' });
        },
        onError: (failure) => {
          if (!applyServerErrors(failure, form.setError, ['endpoint', 'username', 'password', 'active'])) {
            setSaveNote({ text: serverMessage(failure) ?? t('xapi.saveFailed'), tone: 'danger' });
          }
        },
      },
    );
  });

  const testOutcome = (result: TXapiTestResult): Note => {
    if (result.ok) {
      return {
        text: result.status === null ? t('xapi.testStoredPlain') : t('xapi.testStored', { status: result.status }),
        tone: 'success',
      };
    }
    if (result.status !== null) return { text: t('xapi.testRefused', { status: result.status }), detail: result.message, tone: 'danger' };
    return { text: t('xapi.testError', { error: result.message ?? '' }), tone: 'danger' };
  };

  const sendTest = () => {
    // aria-disabled rather than disabled while it runs: the button keeps the focus.
    if (test.isPending) return;
    setNote({ text: t('xapi.testing'), tone: 'muted' });
    test.mutate(undefined, {
      onSuccess: (result) => setNote(testOutcome(result)),
      onError: (failure) => setNote({ text: serverMessage(failure) ?? t('xapi.testNotSent'), tone: 'danger' }),
    });
  };

  const confirmRemove = () => {
    setAsking(false);
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        form.reset(valuesOf(answer));
        setSaveNote(undefined);
        setNote({ text: t('xapi.removed'), tone: 'muted' });
        setRemoved({});
      },
      onError: (failure) => setNote({ text: serverMessage(failure) ?? t('xapi.removeFailed'), tone: 'danger' }),
    });
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-labelledby={`${baseId}-form`}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${baseId}-form`} className="text-sm font-semibold">
            {t('xapi.formTitle')}
          </h3>
          {endpoint !== null &&
            (settings.active ? (
              <Badge>{t('xapi.active')}</Badge>
            ) : (
              <Badge className="bg-muted text-muted-foreground">{t('xapi.paused')}</Badge>
            ))}
        </div>
        <Field
          id={`${baseId}-endpoint`}
          label={t('xapi.endpoint')}
          hint={t('xapi.endpointHint')}
          error={errorText(errors.endpoint)}
          required
          className="max-w-xl"
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('endpoint')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={2000}
              placeholder="https://"
            />
          )}
        </Field>
        <div className="grid max-w-xl gap-4 sm:grid-cols-2">
          <Field id={`${baseId}-username`} label={t('xapi.username')} error={errorText(errors.username)} required>
            {(control) => <Input {...control} {...form.register('username')} autoComplete="off" spellCheck={false} maxLength={200} />}
          </Field>
          <Field
            id={`${baseId}-password`}
            label={t('xapi.password')}
            hint={settings.hasPassword ? t('xapi.passwordKept') : undefined}
            error={errorText(errors.password)}
            required={!settings.hasPassword}
          >
            {(control) => <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" maxLength={500} />}
          </Field>
        </div>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Switch
                ref={field.ref}
                id={`${baseId}-active`}
                name={field.name}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={`${baseId}-active-hint`}
              />
              <div className="flex flex-col gap-0.5">
                <label htmlFor={`${baseId}-active`} className="text-sm font-medium">
                  {t('xapi.send')}
                </label>
                <p id={`${baseId}-active-hint`} className="text-sm text-muted-foreground">
                  {t('xapi.sendHint')}
                </p>
              </div>
            </div>
          )}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {t('xapi.save')}
          </Button>
          <p role="status" className={cn('text-sm', toneClasses[saveNote?.tone ?? 'muted'])}>
            {saveNote?.text ?? ''}
          </p>
        </div>
      </form>
      {inUse && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={sendTest} aria-disabled={test.isPending || undefined}>
            {t('xapi.sendTest')}
          </Button>
          {endpoint !== null && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setAskedAbout(endpoint);
                setAsking(true);
              }}
              aria-label={t('xapi.removeNamed', { endpoint })}
            >
              {t('xapi.remove')}
            </Button>
          )}
        </div>
      )}
      <p role="status" className={cn('text-sm', toneClasses[note?.tone ?? 'muted'])} data-testid="xapi-note">
        {note?.text ?? ''}
        {note?.detail && (
          <span className="block text-xs break-all text-muted-foreground">
            {t('xapi.testAnswer', { message: note.detail.slice(0, 300) })}
          </span>
        )}
      </p>
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('xapi.confirmTitle', { endpoint: askedAbout })}
        description={t('xapi.confirmDescription')}
        confirmLabel={t('xapi.remove')}
        cancelLabel={t('xapi.cancel')}
        destructive
        onConfirm={confirmRemove}
      />
    </>
  );
}
