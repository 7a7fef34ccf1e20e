import { ForgotPasswordPage } from '@/features/identity/auth/forgot-password-page';

/** /forgot-password: asking for a reset link; the screen is its feature's. */
export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
