import { createContext, useContext, type ReactNode } from 'react';

export interface StageItemProps {
  className?: string;
  children?: ReactNode;
}

export type RenderStageItem = (props: StageItemProps) => ReactNode;

const renderPlain: RenderStageItem = (props) => <div {...props} />;

/**
 * Pages wrap their top-level blocks in <StageItem>. By default it renders a plain div; the
 * animated page stage provides an animated block instead, so page entrances stagger without
 * every page importing the animation library.
 */
export const StageItemContext = createContext<RenderStageItem>(renderPlain);

export function StageItem(props: StageItemProps) {
  return useContext(StageItemContext)(props);
}
