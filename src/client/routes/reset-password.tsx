import { ResetPasswordPage } from '@/features/identity/auth/reset-password-page';

/** A password reset link; the screen is its feature's. */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
