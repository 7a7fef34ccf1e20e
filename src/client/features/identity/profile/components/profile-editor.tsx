import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/lib/use-translation';
import { ZProfileForm, type TProfileForm, type TUpdateUserRequest, type TUser } from '@shared/schemas/users.ts';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { useUpdateUser } from '../api/update-user';
import { ProfileFormActions } from './profile-form-actions';
import { ProfileEmailPassword } from './profile-email-password';
import { ProfileFormFields } from './profile-form-fields';
import { isCompanyField, PROFILE_FIELDS, profileValues } from './profile-values';

type ProfileOutput = Required<Omit<TUpdateUserRequest, 'preferences' | 'currentPassword'>>;

/**
 * The Profil tab's form while editing (loaded on Edit: react-hook-form and the schema are most of
 * its weight). Save sends only what changed (PATCH); Save and Cancel end editing with `onDone`.
 */
export default function ProfileEditor({ user, onDone }: { user: TUser; onDone: () => void }) {
  const { t } = useTranslation('account');
  const form = useForm<TProfileForm, unknown, ProfileOutput>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: profileValues(user),
  });
  // Read while rendering: the form state is a proxy that only keeps what a render has asked for.
  const { dirtyFields } = form.formState;
  const update = useUpdateUser(user.id);
  const isAdmin = user.role === 'admin';
  // Changing the login e-mail needs the current password; kept outside the profile schema.
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const emailValue = useWatch({ control: form.control, name: 'email' });
  const emailChanging = (emailValue ?? '').trim().toLowerCase() !== user.email;
  const focusPassword = () => setTimeout(() => document.getElementById('profile-currentPassword')?.focus());

  useEffect(() => form.setFocus('contactName'), [form]);

  const submit = form.handleSubmit((values) => {
    const patch: Partial<ProfileOutput> = {};
    for (const field of PROFILE_FIELDS) {
      if (dirtyFields[field] && (isAdmin || !isCompanyField(field))) patch[field] = values[field];
    }
    if (Object.keys(patch).length === 0) return onDone();
    if (patch.email !== undefined && patch.email !== user.email) {
      if (!currentPassword) {
        setPasswordError(t('profile.currentPasswordRequired', { ns: 'messages' }));
        focusPassword();
        return;
      }
      Object.assign(patch, { currentPassword });
    }
    update.mutate(patch, {
      onSuccess: () => {
        toast({ title: t('profile.form.toast.success.title'), description: t('profile.form.toast.success.description') });
        onDone();
      },
      onError: (error) => {
        const wrongPassword = isApiError(error) ? error.body?.errors?.currentPassword : undefined;
        setPasswordError(wrongPassword);
        if (wrongPassword) focusPassword();
        else applyServerErrors(error, form.setError, PROFILE_FIELDS);
        toast({
          variant: 'destructive',
          title: t('profile.form.toast.failed.title'),
          description: serverMessage(error) ?? t('profile.form.toast.failed.fallback'),
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="profile-form-title" className="flex flex-col gap-8">
      <ProfileFormActions editing saving={update.isPending} onCancel={onDone} />
      <ProfileFormFields form={form} isAdmin={isAdmin} />
      {emailChanging && <ProfileEmailPassword value={currentPassword} onChange={setCurrentPassword} error={passwordError} />}
    </form>
  );
}
