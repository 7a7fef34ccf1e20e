import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TUser } from '@shared/schemas/users.ts';
import { DemoLockNotice, isDemoUser } from './demo-lock';
import { ProfileFormActions } from './profile-form-actions';
import { ProfileFormFields } from './profile-form-fields';
import { profileValues } from './profile-values';

const loadEditor = () => import('./profile-editor');
// Most visits only read the profile: the form library and the schema load on Edit (or when the
// pointer or the focus reaches Edit, so they are usually there by the press).
const ProfileEditor = lazy(loadEditor);

/**
 * The Profil tab's form: the saved values, read-only, until Edit; then the editor. Leaving the
 * editor (Save or Cancel) puts the focus back on Edit.
 */
export function ProfileForm({ user }: { user: TUser }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const view = (opening: boolean) => (
    <form noValidate onSubmit={(event) => event.preventDefault()} aria-labelledby="profile-form-title" className="flex flex-col gap-8">
      <ProfileFormActions
        editing={false}
        opening={opening}
        lockedBy={isDemoUser(user) ? 'profile-demo-locked' : undefined}
        editRef={editButton}
        onEdit={() => setEditing(true)}
        onPrepare={() => void loadEditor()}
      />
      {isDemoUser(user) && <DemoLockNotice id="profile-demo-locked" />}
      <ProfileFormFields values={profileValues(user)} isAdmin={user.role === 'admin'} />
    </form>
  );

  if (!editing) return view(false);
  return (
    <Suspense fallback={view(true)}>
      <ProfileEditor
        user={user}
        onDone={() => {
          returnFocus.current = true;
          setEditing(false);
        }}
      />
    </Suspense>
  );
}
