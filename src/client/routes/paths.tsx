import { PathsPage } from '@/features/courses/paths/paths-page';

/** /paths: the company's learning paths; the screen is its feature's. */
export default function PathsRoute() {
  return <PathsPage />;
}
