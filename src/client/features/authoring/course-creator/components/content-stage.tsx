import { ContentGenerator, type ContentGeneratorProps } from './content-generator';
import { MediaStep } from './media-step';

/**
 * The wizard's Content step: the content generator, then the alternative flow's media step, drawn
 * by the Media Creator (docs/decisions/068-ai-images.md), both on the draft's course.
 */
export function ContentStage(props: ContentGeneratorProps) {
  return (
    <>
      <ContentGenerator {...props} />
      <MediaStep draftCourseId={props.courseId} onSetupRequired={props.onSetupRequired} />
    </>
  );
}
