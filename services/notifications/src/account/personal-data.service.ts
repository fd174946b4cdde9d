import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ERASED_NAME, type PersonalDataExport } from '@popote/contracts';
import type { Model } from 'mongoose';
import { ContactMessage, Email } from '../mail/email.schema';

/** What notifications holds about a person: the emails sent to them and the contact messages they wrote. */
@Injectable()
export class PersonalDataService {
  constructor(
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>,
  ) {}

  async export(email: string): Promise<PersonalDataExport> {
    const [emails, messages] = await Promise.all([
      this.emails.find({ to: email }, { _id: 0, to: 1, subject: 1, text: 1, status: 1, created_at: 1, sent_at: 1 }).lean(),
      this.messages.find({ email }, { _id: 0 }).lean(),
    ]);
    // Links in emails are single-use and mostly spent; the text is shown as it was sent.
    return { sections: { 'emails-sent': emails, 'contact-messages': messages }, media_keys: [] };
  }

  /**
   * Erasure: the person's emails and messages go; other people's emails that name them (a cook's
   * username in a consumer's order confirmation) have the name replaced. Idempotent.
   */
  async erase(email: string, names: string[]): Promise<void> {
    await this.emails.deleteMany({ $or: [{ to: email }, { reply_to: email }] });
    await this.messages.deleteMany({ email });
    for (const name of names.filter((n) => n.trim().length >= 3)) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(escaped, 'g');
      const query = new RegExp(escaped);
      const naming = await this.emails.find({ $or: [{ text: query }, { subject: query }] }, { text: 1, subject: 1 }).lean<Email[]>();
      for (const e of naming) {
        await this.emails.updateOne(
          { _id: e._id },
          { $set: { text: e.text.replace(pattern, ERASED_NAME), subject: e.subject.replace(pattern, ERASED_NAME) } },
        );
      }
    }
  }
}
