import { z } from 'zod';
import { defineRpc } from './envelope';

export const CONTACT_MESSAGES = {
  required: 'Ce champ est obligatoire',
  emailInvalid: 'Adresse email invalide',
  sent: 'Message envoyé avec succès !',
  failed: "Erreur lors de l'envoi du message",
} as const;

const required = (max: number) => z.string().trim().min(1, CONTACT_MESSAGES.required).max(max);
export const contactInput = z.object({
  name: required(120),
  email: z.string().trim().toLowerCase().min(1, CONTACT_MESSAGES.required).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  subject: required(200),
  message: required(5000),
});

export const NotificationsRpc = {
  sendContact: defineRpc('rpc.notifications.send-contact', contactInput, z.object({ ok: z.boolean(), message_id: z.string() })),
} as const;
