import {
  MODERATION_ACTION_LABELS,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  type ModerationEvents,
  type ReportReason,
  type ReportTarget,
} from '@popote/contracts';
import type { z } from 'zod';

type Decided = z.infer<typeof ModerationEvents.decided.schema>;
type Mail = { subject: string; text: string };

const longDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' });
/** Where a person reads the decisions about their content and appeals (the profile's « Décisions de modération »). */
export const DECISIONS_PATH = '/profile#moderation';
const quote = (label: string) => `« ${label} »`;
const SIGNATURE = "\n\nL'équipe Popote";
/** What lifting a measure gave back, said to the person. */
const LIFTED: Partial<Record<Decided['effect'], string>> = {
  restore_meal: ', votre plat est de nouveau en vente.',
  restore_review: ', votre avis est de nouveau publié.',
  reinstate_cook: ', votre compte cuisinier est rétabli et vos plats sont de nouveau en vente.',
};
/** What a measure does beyond its name. */
const CONSEQUENCES: Partial<Record<Decided['action'], string>> = {
  suspend_cook:
    ' Vos plats ont été retirés de la vente, vos commandes en cours ont été annulées et vos clients remboursés ; vous ne pouvez plus mettre de plat en vente.',
};

/** The acknowledgement of a notice (DSA Art. 16(4)): received, and what happens next. */
export function reportReceivedEmail(name: string | null, kind: ReportTarget, label: string, reason: ReportReason): Mail {
  return {
    subject: 'Nous avons bien reçu votre signalement',
    text:
      `Bonjour${name ? ` ${name}` : ''},\n\nNous avons bien reçu votre signalement (${REPORT_TARGET_LABELS[kind].toLowerCase()} ${quote(label)}, ` +
      `motif : ${REPORT_REASON_LABELS[reason].toLowerCase()}). Une personne de notre équipe l'examine et vous écrira ` +
      `pour vous dire ce qui a été décidé.\n\nEn cas de danger immédiat pour la santé, contactez le 15 (SAMU) ou la DDPP de votre département.` +
      SIGNATURE,
  };
}

/** The statement of reasons to the person whose content is concerned (Art. 17), or the outcome of their appeal (Art. 20). */
export function statementEmail(name: string, d: Decided, link: string): Mail {
  const what = `${REPORT_TARGET_LABELS[d.target_kind].toLowerCase()} ${quote(d.label)}`;
  if (d.stage === 'appeal') {
    const reversed = d.outcome === 'reversed';
    return {
      subject: reversed ? 'Votre recours a été accepté' : 'Votre recours a été rejeté',
      text:
        `Bonjour ${name},\n\nVotre recours contre la décision concernant votre ${what} a été examiné par une autre personne que l'auteur de la décision.\n\n` +
        (reversed ? `Décision : la mesure est levée${LIFTED[d.effect] ?? '.'}` : 'Décision : la mesure est maintenue.') +
        `\n\nMotifs :\n${d.statement}\n\nVous pouvez aussi saisir un organisme de règlement extrajudiciaire des litiges certifié, ou la justice.` +
        SIGNATURE,
    };
  }
  const until = d.appeal_until ? longDate.format(new Date(d.appeal_until)) : null;
  return {
    subject: `Décision concernant votre ${REPORT_TARGET_LABELS[d.target_kind].toLowerCase()} ${quote(d.label)}`,
    text:
      `Bonjour ${name},\n\nÀ la suite d'un signalement (motif : ${REPORT_REASON_LABELS[d.reason].toLowerCase()}), nous avons examiné votre ${what}.\n\n` +
      `Mesure prise : ${MODERATION_ACTION_LABELS[d.action]}.${CONSEQUENCES[d.action] ?? ''}\n\nMotifs de la décision :\n${d.statement}\n\n` +
      'Cette décision a été prise par une personne de notre équipe, sans traitement automatisé.' +
      (until
        ? `\n\nVous pouvez former un recours jusqu'au ${until}, une seule fois, depuis votre profil : ${link}\nIl sera examiné par une autre personne.`
        : '') +
      SIGNATURE,
  };
}

/** The reporter is told what was decided (Art. 16(5)). */
export function reportOutcomeEmail(name: string | null, d: Decided): Mail {
  const acted = d.action !== 'no_action';
  return {
    subject: 'Suite donnée à votre signalement',
    text:
      `Bonjour${name ? ` ${name}` : ''},\n\nVous nous avez signalé le contenu ${quote(d.label)}. Après examen, ` +
      (acted
        ? `nous avons pris la mesure suivante : ${MODERATION_ACTION_LABELS[d.action].toLowerCase()}.`
        : "nous n'avons pas retenu de mesure.") +
      `\n\nMotifs :\n${d.statement}\n\nSi vous n'êtes pas d'accord, vous pouvez répondre à cet email ou saisir un organisme de règlement extrajudiciaire des litiges certifié.` +
      SIGNATURE,
  };
}
