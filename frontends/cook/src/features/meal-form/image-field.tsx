import { FieldMessages, fieldDescribedBy, MEAL_PLACEHOLDER_SRC, Spinner, toast } from '@popote/ui';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styles from './meal-form.module.css';
import { checkImageFile, ImageUploadError, uploadMealImage, type UploadedImage } from './upload';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

export interface ImageFieldProps {
  /** The meal's current picture (edit page), shown until another is chosen. */
  currentUrl?: string | null;
  /** An upload finished (the key goes with the form), or failed / was refused (null). */
  onChange: (image: UploadedImage | null) => void;
  onUploadingChange: (uploading: boolean) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The meal's photo: chosen, checked in the browser (an image, 5 MB at most),
 * previewed at once and uploaded right away; the form only sends the key.
 */
export function ImageField({ currentUrl, onChange, onUploadingChange, error, disabled = false }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef(0);

  // The local preview is a blob URL: give it back when replaced or when the page closes.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange(busy);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire `change` again.
    event.target.value = '';
    if (!file) return;

    const refused = checkImageFile(file);
    if (refused) {
      setProblem(refused);
      toast.error(refused, { id: 'meal-image' });
      return;
    }

    const current = ++attempt.current;
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      const uploaded = await uploadMealImage(file);
      if (current !== attempt.current) return;
      onChange(uploaded);
      toast.success(t.uploaded, { id: 'meal-image' });
    } catch (failure) {
      if (current !== attempt.current) return;
      const message = failure instanceof ImageUploadError ? failure.message : t.uploadError;
      setProblem(message);
      setPreview(null);
      onChange(null);
      toast.error(t.uploadError, { id: 'meal-image' });
    } finally {
      if (current === attempt.current) setBusy(false);
    }
  };

  const shown = preview ?? currentUrl ?? null;
  const message = problem ?? error;

  return (
    <div className={styles.photo}>
      <div className={styles.photoFrame}>
        {shown ? (
          <img className={styles.photoPreview} src={shown} alt={t.previewAlt} />
        ) : (
          <div className={styles.photoEmpty}>
            <img className={styles.photoPlaceholder} src={MEAL_PLACEHOLDER_SRC} alt="" />
            <span>{t.noPhoto}</span>
          </div>
        )}
        {uploading ? (
          <div className={styles.photoBusy}>
            <Spinner size="md" label={t.uploading} showLabel />
          </div>
        ) : null}
      </div>
      <div className={styles.photoControls}>
        <input
          ref={input}
          id={id}
          className="pp-visually-hidden"
          type="file"
          accept="image/*"
          aria-label={t.photo}
          aria-invalid={message ? true : undefined}
          aria-describedby={fieldDescribedBy(id, t.photoHint, message)}
          disabled={disabled || uploading}
          onChange={onFile}
        />
        <label htmlFor={id} className={`${styles.photoButton} ${disabled || uploading ? styles.photoButtonDisabled : ''}`}>
          {shown ? t.changePhoto : t.choosePhoto}
        </label>
        <FieldMessages id={id} hint={t.photoHint} error={message} alert />
      </div>
    </div>
  );
}
