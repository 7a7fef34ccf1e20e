import { ResourcePage } from '@/features/site/resources/resource-page';

/** One article of the resources library (/resources/:slug); the screen is its feature's. */
export default function ResourcePageRoute() {
  return <ResourcePage />;
}
