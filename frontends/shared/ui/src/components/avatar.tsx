import { useState } from 'react';
import styles from './avatar.module.css';

/** "Claire Dubois" → "CD", "amina" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase('fr-FR');
}

export interface AvatarProps {
  name: string;
  src?: string | null;
  /** Alternative text of the picture; the initials fallback is decorative when the name is shown nearby. */
  alt?: string;
  size?: 'md' | 'lg';
}

/** The person's picture, or their initials when there is none or it does not load. */
export function Avatar({ name, src, alt = '', size = 'md' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = `${styles.avatar} ${styles[size]}`;
  if (src && src !== failedSrc) {
    return <img className={className} src={src} alt={alt} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span
      className={`${className} ${styles.initials}`}
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
