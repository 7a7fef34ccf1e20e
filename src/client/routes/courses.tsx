import { CataloguePage } from '@/features/site/catalogue/catalogue-page';

/** /courses: the public catalogue; the screen is its feature's. */
export default function CoursesRoute() {
  return <CataloguePage />;
}
