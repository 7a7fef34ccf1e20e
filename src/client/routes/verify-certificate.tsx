import { VerifyCertificatePage } from '@/features/learning/certificates/verify-certificate-page';

/** A certificate anyone can verify (/verify/:code); the screen is its feature's. */
export default function VerifyCertificateRoute() {
  return <VerifyCertificatePage />;
}
