export const ACCESS_COOKIE = 'popote_at';
export const REFRESH_COOKIE = 'popote_rt';
