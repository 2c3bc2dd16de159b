/** The tag `define` registers the element under; kept apart so naming it registers nothing. */
export const SVC_UPLOADER_TAG = 'svc-uploader';
