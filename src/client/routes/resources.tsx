import { ResourcesPage } from '@/features/site/resources/resources-page';

/** /resources: the resources library; the screen is its feature's. */
export default function ResourcesRoute() {
  return <ResourcesPage />;
}
