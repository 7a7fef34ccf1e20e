import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZProfileForm, type TProfileForm, type TUpdateUserRequest, type TUser } from '@shared/schemas/users.ts';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { useUpdateUser } from '../api/update-user';
import { ProfileFormActions } from './profile-form-actions';
import { ProfileFormFields } from './profile-form-fields';
import { isCompanyField, PROFILE_FIELDS, profileValues } from './profile-values';

type ProfileOutput = Required<Omit<TUpdateUserRequest, 'preferences'>>;

/** The Profil tab's form: read-only until Edit; Save sends only what changed (PATCH). */
export function ProfileForm({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const form = useForm<TProfileForm, unknown, ProfileOutput>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: profileValues(user),
  });
  const update = useUpdateUser(user.id);
  const isAdmin = user.role === 'admin';

  // Outside edit mode the form mirrors the latest saved user (a settings switch also updates it).
  useEffect(() => {
    if (!editing) form.reset(profileValues(user));
  }, [user, editing, form]);

  const submit = form.handleSubmit((values) => {
    const patch: Partial<ProfileOutput> = {};
    for (const field of PROFILE_FIELDS) {
      if (form.formState.dirtyFields[field] && (isAdmin || !isCompanyField(field))) patch[field] = values[field];
    }
    if (Object.keys(patch).length === 0) return setEditing(false);
    update.mutate(patch, {
      onSuccess: (saved) => {
        toast({ title: t('profile.form.toast.success.title'), description: t('profile.form.toast.success.description') });
        form.reset(profileValues(saved));
        setEditing(false);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, PROFILE_FIELDS);
        toast({
          variant: 'destructive',
          title: t('profile.form.toast.failed.title'),
          description: serverMessage(error) ?? t('profile.form.toast.failed.fallback'),
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-form-title" className="flex flex-col gap-8">
      <ProfileFormActions
        editing={editing}
        saving={update.isPending}
        onEdit={() => {
          setEditing(true);
          setTimeout(() => form.setFocus('contactName'));
        }}
        onCancel={() => {
          form.reset(profileValues(user));
          setEditing(false);
        }}
      />
      <ProfileFormFields form={form} editing={editing} isAdmin={isAdmin} />
    </form>
  );
}
