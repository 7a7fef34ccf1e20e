import { MyCertificatesPage } from '@/features/learning/certificates/my-certificates-page';

/** /certificates: the person's certificates; the screen is its feature's. */
export default function CertificatesRoute() {
  return <MyCertificatesPage />;
}
