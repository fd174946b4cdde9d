export const MEDIA_STORAGE = Symbol('popote:media-storage');
