import { domAnimation } from 'motion/react';

/** Loaded by LazyMotion after the stage mounts, in its own chunk. */
export default domAnimation;
