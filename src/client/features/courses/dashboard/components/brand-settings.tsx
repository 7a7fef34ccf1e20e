import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Palette from 'lucide-react/icons/palette';
import { brandPalette, BRAND_COLOUR_PATTERN, contrastRatio } from '@shared/brand.ts';
import { BRAND_HERO_TEXT_MAX, type BrandAsset } from '@shared/schemas/brand.ts';
import { UPLOAD_LIMITS } from '@shared/schemas/uploads.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { UploadField } from '@/features/courses/lesson-editors/upload/upload-field';
import { sendForm, UPLOAD_ACCEPT } from '@/features/courses/lesson-editors/upload/upload-file';
import { useFileSender } from '@/features/courses/lesson-editors/upload/use-upload';
import { brandQueryKey, useBrandAsset, useCompanyBrand, useSaveBrand, type CompanyBrand } from '../api/brand';

const isBrand = (body: unknown): body is CompanyBrand => typeof body === 'object' && body !== null && 'whiteLabelIncluded' in body;

const ratio = (value: number) => (Math.floor(value * 10) / 10).toLocaleString(undefined, { minimumFractionDigits: 1 });

/**
 * The company's brand, for its admins: a logo, a colour (with what its contrast means for the
 * site's buttons and links), and the hero of its site; white label where the plan includes it.
 */
export function BrandSettings() {
  const { t } = useTranslation('account');
  const brand = useCompanyBrand();
  return (
    <Card role="region" aria-labelledby="company-brand-title" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Palette aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="company-brand-title" className="text-base font-semibold">
            {t('dashboard.brand.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('dashboard.brand.description')}</p>
        </div>
      </div>
      {brand.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('dashboard.brand.loading')}
        </p>
      ) : brand.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('dashboard.brand.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void brand.refetch()}>
            {t('dashboard.site.retry')}
          </Button>
        </p>
      ) : (
        <>
          <div className="grid gap-5 md:grid-cols-2">
            <ImageField asset="logo" url={brand.data.logoUrl} />
            <ImageField asset="hero" url={brand.data.heroImageUrl} />
          </div>
          <BrandForm brand={brand.data} />
        </>
      )}
    </Card>
  );
}

/** One of the brand's images: shown, then chosen or dropped on the upload field (with its progress), replaced or removed. */
function ImageField({ asset, url }: { asset: BrandAsset; url: string | null }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const { remove } = useBrandAsset(asset);
  const sending = useFileSender<CompanyBrand>((file, onProgress, signal) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return sendForm(`/api/organisation/brand/${asset}`, form, { size: file.size, isAnswer: isBrand, onProgress, signal });
  }, UPLOAD_LIMITS.image);
  const send = async (files: File[]) => {
    remove.reset();
    const brand = files[0] && (await sending.start(files[0]));
    if (brand) queryClient.setQueryData(brandQueryKey, brand);
  };
  return (
    <div className="flex flex-col gap-2" data-testid={`brand-${asset}`}>
      <UploadField
        label={t(`dashboard.brand.${asset}.label`)}
        hint={t(`dashboard.brand.${asset}.hint`)}
        accept={UPLOAD_ACCEPT.image}
        state={sending.state}
        onCancel={sending.cancel}
        onFiles={(files) => void send(files)}
        disabled={remove.isPending}
      />
      {url ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={url}
            alt={t(`dashboard.brand.${asset}.current`)}
            className={cn(
              'max-h-20 w-auto rounded-md border border-border object-contain',
              asset === 'hero' && 'aspect-video object-cover',
            )}
          />
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending || sending.state.status === 'uploading'}
            onClick={() => remove.mutate()}
          >
            {t(`dashboard.brand.${asset}.remove`)}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t(`dashboard.brand.${asset}.none`)}</p>
      )}
      {remove.isError && (
        <p role="alert" className="text-sm text-danger">
          {(isApiError(remove.error) && remove.error.body?.message) || t('dashboard.brand.uploadFailed')}
        </p>
      )}
    </div>
  );
}

function BrandForm({ brand }: { brand: CompanyBrand }) {
  const { t } = useTranslation('account');
  const save = useSaveBrand();
  const [colour, setColour] = useState(brand.colour ?? '');
  const [heroText, setHeroText] = useState(brand.heroText ?? '');
  const [whiteLabel, setWhiteLabel] = useState(brand.whiteLabel);
  const normalised = colour.trim().toLowerCase();
  const validColour = normalised === '' || BRAND_COLOUR_PATTERN.test(normalised);
  const palette = validColour && normalised ? brandPalette(normalised) : null;
  const serverErrors = save.isError && isApiError(save.error) ? save.error.body?.errors : undefined;
  const colourError = !validColour ? t('dashboard.brand.colourRule') : serverErrors?.colour;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validColour || save.isPending) return;
    save.mutate({ colour: normalised || null, heroText: heroText.trim() || null, whiteLabel });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id="brand-colour"
          label={t('dashboard.brand.colour')}
          error={colourError}
          hint={t('dashboard.brand.colourHint')}
          className="w-48"
        >
          {(control) => (
            <Input
              {...control}
              value={colour}
              placeholder="#1d4ed8"
              autoComplete="off"
              spellCheck={false}
              maxLength={7}
              onChange={(event) => {
                setColour(event.target.value);
                save.reset();
              }}
            />
          )}
        </Field>
        <input
          type="color"
          aria-label={t('dashboard.brand.colourPicker')}
          value={palette?.chosen ?? '#4f46e5'}
          onChange={(event) => {
            setColour(event.target.value);
            save.reset();
          }}
          className="mb-7 h-10 w-14 cursor-pointer rounded-md border border-input bg-card p-1"
        />
      </div>
      {palette && (
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-border p-3" data-testid="brand-contrast">
          <span
            className="rounded-lg px-4 py-2 text-sm font-semibold"
            style={{ backgroundColor: palette.primary, color: '#ffffff' }}
            aria-label={t('dashboard.brand.sample')}
          >
            {t('dashboard.brand.sampleButton')}
          </span>
          <p className="min-w-0 flex-1 text-sm" role="status">
            {palette.adjusted
              ? t('dashboard.brand.contrastAdjusted', {
                  colour: palette.chosen,
                  ratio: ratio(contrastRatio(palette.chosen, '#ffffff')),
                  shade: palette.primary,
                  shadeRatio: ratio(contrastRatio(palette.primary, '#ffffff')),
                })
              : t('dashboard.brand.contrastOk', { colour: palette.chosen, ratio: ratio(contrastRatio(palette.chosen, '#ffffff')) })}
          </p>
        </div>
      )}
      <Field
        id="brand-hero-text"
        label={t('dashboard.brand.heroText')}
        hint={t('dashboard.brand.heroTextHint', { max: BRAND_HERO_TEXT_MAX })}
        error={serverErrors?.heroText}
      >
        {(control) => (
          <Textarea
            {...control}
            value={heroText}
            rows={3}
            maxLength={BRAND_HERO_TEXT_MAX}
            onChange={(event) => {
              setHeroText(event.target.value);
              save.reset();
            }}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2">
        <label className="flex items-start gap-3 text-sm">
          <Checkbox
            checked={whiteLabel}
            disabled={!brand.whiteLabelIncluded}
            onCheckedChange={(checked) => {
              setWhiteLabel(checked);
              save.reset();
            }}
            className="mt-0.5"
          />
          <span>{t('dashboard.brand.whiteLabel')}</span>
        </label>
        {!brand.whiteLabelIncluded && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {t('dashboard.brand.whiteLabelNotIncluded')}
            <LinkButton to="/billing" variant="ghost" size="sm">
              {t('dashboard.brand.seePlans')}
            </LinkButton>
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!validColour || save.isPending}>
          {save.isPending ? t('dashboard.site.saving') : t('dashboard.brand.save')}
        </Button>
        {save.isSuccess && (
          <p role="status" className="text-sm text-success">
            {t('dashboard.brand.saved')}
          </p>
        )}
        {save.isError && !serverErrors && (
          <p role="alert" className="text-sm text-danger">
            {(isApiError(save.error) && save.error.body?.message) || t('dashboard.brand.saveFailed')}
          </p>
        )}
      </div>
    </form>
  );
}
