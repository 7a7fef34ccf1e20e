import { createElement, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Building2 from 'lucide-react/icons/building-2';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { RegisterForm } from '@/features/identity/auth/components/register-form';
import type { CvrFieldSlotProps } from '@/features/identity/auth/components/register-types';
import { CvrInfoCard } from '@/features/identity/cvr/components/cvr-info-card';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import type { default as RegisterCvrField, HandOver } from './register-cvr-field';

/**
 * The CVR field with its look-up arrives on intent (ADR 008): it caches with TanStack Query, which
 * a first visit of /register on the light shell does not load. Until then a stand-in shows.
 */
let cvrField: Promise<void> | undefined;
let RealCvrField: typeof RegisterCvrField | null = null;
const cvrFieldListeners = new Set<() => void>();
function preloadCvrField(): void {
  cvrField ??= import('./register-cvr-field').then(
    (module) => {
      RealCvrField = module.default;
      for (const listener of cvrFieldListeners) listener();
    },
    // A failed download (flaky network) is tried again on the next sign of intent.
    () => (cvrField = undefined),
  );
}
function subscribeCvrField(listener: () => void): () => void {
  cvrFieldListeners.add(listener);
  return () => cvrFieldListeners.delete(listener);
}

/** What the stand-in hands over to the real field: was the visitor typing in it, and where. */
let handOver: HandOver | null = null;
function noteTyping(id: string, input: HTMLInputElement | null): void {
  handOver = input && { id, selectionStart: input.selectionStart, selectionEnd: input.selectionEnd };
}
function takeHandOver(): HandOver | null {
  const state = handOver;
  handOver = null;
  return state;
}

/**
 * The CVR input until the look-up's code has arrived (ADR 008): same label, value and hint, so
 * the swap goes unnoticed; intent to use the form (focus, pointer, touch) starts the download.
 */
function CvrFieldStandIn(props: CvrFieldSlotProps) {
  const { t } = useTranslation('cvr');
  return (
    <Field id={props.id} label={props.label} required={props.required} error={props.error} hint={t('hint.idle')}>
      {(control) => (
        <Input
          {...control}
          ref={props.inputRef}
          name={props.name}
          value={props.value}
          onChange={(event) => {
            props.onChange(event.target.value);
            noteTyping(props.id, event.target);
          }}
          onFocus={(event) => noteTyping(props.id, event.target)}
          onSelect={(event) => noteTyping(props.id, event.currentTarget)}
          onBlur={() => {
            noteTyping(props.id, null);
            props.onBlur();
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          className="pr-11 font-mono tracking-wider"
        />
      )}
    </Field>
  );
}

function CvrField(props: CvrFieldSlotProps) {
  const loaded = useSyncExternalStore(subscribeCvrField, () => RealCvrField !== null);
  if (!loaded || !RealCvrField) return <CvrFieldStandIn {...props} />;
  return createElement(RealCvrField, { ...props, handOver: takeHandOver });
}

/**
 * Business registration; the CVR look-up (cvr feature) is handed to the form (auth feature) here.
 * Rendered by the light shell on a direct load and by the full app after a navigation.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('register.metaTitle'), t('register.lead'));
  const { navigate } = useShell();
  return (
    // Intent to use the form starts the download of the CVR look-up.
    <div onFocus={preloadCvrField} onPointerEnter={preloadCvrField} onTouchStart={preloadCvrField}>
      <Container className="py-14 sm:py-20">
        <StageItem>
          <PageHero
            eyebrow={
              <>
                <Building2 aria-hidden="true" className="size-4" />
                {t('register.eyebrow')}
              </>
            }
            title={t('register.title')}
            lead={t('register.lead')}
          />
        </StageItem>
        <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
          <StageItem>
            <Card className="p-6 sm:p-8">
              <RegisterForm CvrField={CvrField} onRegistered={() => navigate('/dashboard')} />
            </Card>
            <p className="mt-6 text-center text-sm text-muted-foreground">
              {t('register.haveAccount')}{' '}
              <ShellLink
                to="/login"
                className="rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {t('register.loginLink')}
              </ShellLink>
            </p>
          </StageItem>
          <StageItem className="lg:sticky lg:top-24">
            <CvrInfoCard />
          </StageItem>
        </div>
      </Container>
    </div>
  );
}
