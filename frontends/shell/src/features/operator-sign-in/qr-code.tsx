import { Spinner } from '@popote/ui';
import { useEffect, useState } from 'react';
import styles from './operator-sign-in.module.css';
import { operatorSignInFr } from './texts';

const t = operatorSignInFr.enrol;

/**
 * `text` as a QR code image, drawn by `qrcode` (MIT), which loads only here: not with the site's
 * first paint, only when an operator sets a second factor. An SVG in a data: URL (no canvas, no
 * request; the pages' CSP allows data: images).
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  type QrCodeModule = typeof import('qrcode');
  const loaded: QrCodeModule & { default?: QrCodeModule } = await import('qrcode');
  // A CommonJS package: its exports are the namespace's default where the bundler makes one.
  const qrcode = loaded.default ?? loaded;
  const svg = await qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of an otpauth:// link, while it is drawn a spinner, and if it cannot be, a line saying to type the key. */
export function QrCode({ text }: { text: string }) {
  const [image, setImage] = useState<{ text: string; src: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeDataUrl(text).then(
      (src) => current && setImage({ text, src }),
      () => current && setImage({ text, src: null }),
    );
    return () => {
      current = false;
    };
  }, [text]);

  if (!image || image.text !== text) {
    return (
      <div className={styles.qr}>
        <Spinner label={t.qrLoading} />
      </div>
    );
  }
  if (!image.src) return <p className={styles.warning}>{t.qrFailed}</p>;
  return <img className={styles.qr} src={image.src} alt={t.qrAlt} width={200} height={200} />;
}
