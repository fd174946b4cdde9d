import { useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError } from '@popote/auth';
import { Button, fr, TextAreaField, TextField, toast } from '@popote/ui';
import { useForm } from 'react-hook-form';
import { useContactEmail } from '../../config/contact-email';
import { showServerFieldErrors } from '../../forms/server-errors';
import { contactFr } from '../../i18n/account-texts';
import pageStyles from '../../pages/static/static-page.module.css';
import { SEND_CONTACT_MESSAGE } from './contact.graphql';
import styles from './contact-page.module.css';
import { CONTACT_LIMITS } from '@popote/rules';
import { contactSchema, EMPTY_CONTACT, type ContactValues } from './schema';

const t = contactFr;
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** /contact (spec §2, §8): name, email, subject, message → the BFF's sendContactMessage. */
export function ContactPage() {
  const contactEmail = useContactEmail();
  const [send] = useMutation(SEND_CONTACT_MESSAGE);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY_CONTACT });

  const onSubmit = async (input: ContactValues) => {
    try {
      const { data } = await send({ variables: { input } });
      if (!data?.sendContactMessage) throw new Error('sendContactMessage answered false');
    } catch (error) {
      showServerFieldErrors(readApiError(error).fields, FIELDS, setError);
      toast.error(t.failed, { id: 'contact-result' });
      return;
    }
    toast.success(t.sent, { id: 'contact-result' });
    reset(EMPTY_CONTACT);
  };

  return (
    <div className={`pp-page ${pageStyles.page}`}>
      <title>{`${t.title} · ${fr.brand}`}</title>
      <h1 className={pageStyles.title}>{t.title}</h1>
      <p className={pageStyles.lead}>{t.lead}</p>
      {contactEmail ? (
        <p>
          {t.writeTo} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      ) : null}

      <section className={styles.card} aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className={styles.formTitle}>
          {t.formTitle}
        </h2>
        <p className={styles.required}>Tous les champs sont obligatoires.</p>
        <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
          <div className={styles.row}>
            <TextField
              label={t.name}
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label={t.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
          </div>
          <TextField
            label={t.subject}
            required
            maxLength={CONTACT_LIMITS.subject}
            error={errors.subject?.message}
            {...register('subject')}
          />
          <TextAreaField
            label={t.message}
            rows={7}
            required
            maxLength={CONTACT_LIMITS.message}
            hint={t.messageHint}
            error={errors.message?.message}
            {...register('message')}
          />
          <div>
            <Button type="submit" variant="primary" size="lg" loading={isSubmitting}>
              {t.submit}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
