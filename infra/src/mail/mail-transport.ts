import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One outgoing e-mail. `id` is the delivery's id; it becomes the Message-ID and the file name. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, rendered from the same template as the text (templates/). */
  html: string;
  /** Where replies go: the shop's reply address. */
  replyTo: string;
}

export interface MailTransport {
  /** 'smtp' sends to SMTP_URL; 'files' writes .eml files that staff read in the shop. */
  readonly mode: 'smtp' | 'files';
  /** Resolves once the server accepted the message (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  DATA_DIR: string;
}

export const mailDir = (dataDir: string) => path.resolve(dataDir, 'mail');

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail. */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : fileTransport(mailDir(config.DATA_DIR), config.MAIL_FROM);
}

function smtpTransport(url: string, from: string): MailTransport {
  // Short timeouts: a hung server must not hold a claimed delivery for nodemailer's default 10 minutes.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    mode: 'smtp',
    send: async (mail) => {
      await transporter.sendMail(toNodemailer(mail, from));
    },
    close: () => transporter.close(),
  };
}

/** The same RFC 822 message nodemailer would send, written as `<id>.eml` plus a small `<id>.json` index entry. */
function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'files',
    send: async (mail) => {
      const info = await transporter.sendMail(toNodemailer(mail, from));
      await mkdir(dir, { recursive: true });
      const entry: StoredMailEntry = { id: mail.id, from, to: mail.to, subject: mail.subject, date: new Date().toISOString(), text: mail.text };
      await writeAtomically(path.join(dir, `${mail.id}.eml`), info.message as Buffer);
      await writeAtomically(path.join(dir, `${mail.id}.json`), JSON.stringify(entry, null, 2));
    },
    close: () => transporter.close(),
  };
}

function toNodemailer(mail: OutgoingMail, from: string) {
  return { from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<${mail.id}@soft-furnishings-shop>` };
}

/** Readers never see half a file: write beside it, then rename. */
async function writeAtomically(file: string, content: Buffer | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

export interface StoredMailEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}
