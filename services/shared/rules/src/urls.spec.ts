import { describe, expect, it } from 'vitest';
import { isSafeImageUrl } from './urls';

describe('a picture address a page may show', () => {
  it('is https, with a host, without credentials or spaces', () => {
    for (const ok of ['https://img.test/c.jpg', 'https://img.test', 'https://img.test:8443/a/b.png?x=1#y', 'https://cdn.test/@moi/c.jpg'])
      expect(isSafeImageUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://img.test/c.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://moi:secret@img.test/c.jpg',
      'https://moi@img.test/c.jpg',
      'https://img .test/c.jpg',
      'https:///c.jpg',
      'HTTPS://img.test/c.jpg',
      '',
    ])
      expect(isSafeImageUrl(bad), bad).toBe(false);
  });
});
