import { RegisterPage } from '@/features/identity/auth/register-page';

/** /register: a company's registration; the screen is its feature's. */
export default function RegisterRoute() {
  return <RegisterPage />;
}
