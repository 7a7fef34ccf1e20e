/** The builder's "create course" dialog: where Start Manual goes while the wizard has no title yet. */
export const NEW_COURSE_PATH = '/dashboard?new=course';
