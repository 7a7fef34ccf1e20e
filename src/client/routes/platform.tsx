import { PlatformPage } from '@/features/site/marketing/platform-page';

/** /platform: the product page; the screen is its feature's. */
export default function PlatformRoute() {
  return <PlatformPage />;
}
