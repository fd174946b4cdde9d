import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('Avatar', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Claire Dubois')).toBe('CD');
    expect(initialsOf('  amina  ')).toBe('A');
    expect(initialsOf('Jean Pierre de la Fontaine')).toBe('JF');
    expect(initialsOf('élodie martin')).toBe('ÉM');
    expect(initialsOf('')).toBe('');
  });

  it('shows the picture when there is one, the initials otherwise', () => {
    expect(renderToStaticMarkup(<Avatar name="Claire Dubois" src="https://example.test/c.jpg" alt="Avatar de Claire Dubois" />)).toContain(
      '<img',
    );
    const initials = renderToStaticMarkup(<Avatar name="Claire Dubois" src={null} />);
    expect(initials).not.toContain('<img');
    expect(initials).toContain('>CD<');
  });
});
