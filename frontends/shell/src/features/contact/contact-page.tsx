import { useMutation } from '@popote/graphql';
import { Button, fr, TextAreaField, TextField, toast } from '@popote/ui';
import { useContactEmail } from '../../config/contact-email';
import { EMAIL_INPUT, useZodForm } from '../../forms/zod-form';
import { contactFr } from '../../i18n/account-texts';
import pageStyles from '../../pages/static/static-page.module.css';
import { SEND_CONTACT_MESSAGE } from './contact.graphql';
import styles from './contact-page.module.css';
import { CONTACT_LIMITS } from '@popote/rules';
import { contactSchema, EMPTY_CONTACT, type ContactValues } from './schema';

const t = contactFr;

/** /contact: name, email, subject, message → the BFF's sendContactMessage. */
export function ContactPage() {
  const contactEmail = useContactEmail();
  const [send] = useMutation(SEND_CONTACT_MESSAGE);
  const form = useZodForm(contactSchema, EMPTY_CONTACT);
  const { field } = form;

  const onSubmit = form.submitWith(
    async (input: ContactValues) => {
      const { data } = await send({ variables: { input } });
      if (!data?.sendContactMessage) throw new Error('sendContactMessage answered false');
    },
    {
      failed: () => toast.error(t.failed, { id: 'contact-result' }),
      sent: () => {
        toast.success(t.sent, { id: 'contact-result' });
        form.reset(EMPTY_CONTACT);
      },
    },
  );

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
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.row}>
            <TextField label={t.name} autoComplete="name" required maxLength={CONTACT_LIMITS.name} {...field('name')} />
            <TextField label={t.email} {...EMAIL_INPUT} required {...field('email')} />
          </div>
          <TextField label={t.subject} required maxLength={CONTACT_LIMITS.subject} {...field('subject')} />
          <TextAreaField
            label={t.message}
            rows={7}
            required
            maxLength={CONTACT_LIMITS.message}
            hint={t.messageHint}
            {...field('message')}
          />
          <div>
            <Button type="submit" variant="primary" size="lg" loading={form.formState.isSubmitting}>
              {t.submit}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
