import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_POLICIES, type TTwoFactorPolicy, type TwoFactorPolicy } from '@shared/schemas/two-factor.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { api, apiRequest } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';

const POLICY = ['organisation', 'two-factor'] as const;

/**
 * On the admins' settings page: whom the company requires two-step verification of
 * (docs/decisions/057-two-factor-sign-in.md). Those it newly requires it of, who have none, are
 * logged out and set it up at their next login.
 */
export default function TwoFactorPolicyCard() {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const current = useQuery({
    queryKey: POLICY,
    queryFn: ({ signal }) => api.get<TTwoFactorPolicy>('/api/organisation/two-factor', signal),
  });
  const save = useMutation({
    mutationFn: (policy: TwoFactorPolicy) => apiRequest<TTwoFactorPolicy>('PUT', '/api/organisation/two-factor', { body: { policy } }),
    onSuccess: (answer) => client.setQueryData(POLICY, answer),
  });
  // What the admin picked, or else what is saved.
  const [picked, setChoice] = useState<TwoFactorPolicy | undefined>();
  const choice = picked ?? current.data?.policy ?? 'off';
  const [message, setMessage] = useState<{ kind: 'saved' | 'error'; text: string } | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    save.mutate(choice, {
      onSuccess: () => setMessage({ kind: 'saved', text: t('twoFactor.policy.saved') }),
      onError: (failure) => setMessage({ kind: 'error', text: serverMessage(failure) ?? t('twoFactor.failed') }),
    });
  };

  return (
    <Card className="p-6 sm:p-8" role="region" aria-labelledby="two-factor-policy-title">
      <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-5">
        <div>
          <h2 id="two-factor-policy-title" className="text-xl font-semibold">
            {t('twoFactor.policy.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('twoFactor.policy.lead')}</p>
        </div>
        <fieldset className="flex flex-col gap-3" disabled={current.isPending}>
          <legend className="sr-only">{t('twoFactor.policy.title')}</legend>
          {TWO_FACTOR_POLICIES.map((policy) => (
            <label key={policy} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="two-factor-policy"
                value={policy}
                checked={choice === policy}
                onChange={() => setChoice(policy)}
                className="size-4 accent-primary"
              />
              {t(`twoFactor.policy.options.${policy}`)}
            </label>
          ))}
        </fieldset>
        {message && (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            className={message.kind === 'error' ? 'text-sm text-destructive' : 'text-sm'}
          >
            {message.text}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={save.isPending || current.isPending}>
          {save.isPending && <Spinner />}
          {t('twoFactor.policy.save')}
        </Button>
      </form>
    </Card>
  );
}
