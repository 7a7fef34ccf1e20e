import { MyLearningPage } from '@/features/learning/learning/my-learning-page';

/** /learn: the learner's courses and certificates; the screen is its feature's. */
export default function LearnRoute() {
  return <MyLearningPage />;
}
