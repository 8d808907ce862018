// @jsxRuntime automatic
// @jsxImportSource react
// (Pragmas: processes started with tsx from the repository root compile these files without infra's tsconfig, and the classic runtime would need React in scope.)
import { formatPrice } from '@shop/domain';
import { Text } from '@react-email/text';
import type { ReactElement } from 'react';
import type { MailContext, MailProject } from './mail-content.js';
import { Action, ShopMail, StaffMessage, styles } from './mail-layout.js';
import { QuoteSummary } from './quote-summary.js';

/** A template: the subject and the element both parts of the mail are rendered from. */
export interface MailTemplate {
  subject: string;
  element: ReactElement;
}

const url = (context: MailContext, path: string) => new URL(path, context.publicUrl).toString();

/** "June 5, 2026" for a stored date; the day as the shop set it, whatever the reader's zone. */
export const mailDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const projectOf = (context: MailContext): MailProject =>
  context.project ?? { id: '', orderLabel: '', name: '', lines: [], cost: { labor: null, fabric: null, subtotal: null, tax: null, shipping: 0, total: null, paid: 0, remaining: null }, due: null };

const called = (project: MailProject) => project.name || 'your project';

function Due({ project }: { project: MailProject }) {
  return project.due ? <Text style={styles.text}>Due date: {mailDate(project.due)}.</Text> : null;
}

export function invoiceMail(context: MailContext): MailTemplate {
  const project = projectOf(context);
  const subject = `Invoice for ${called(project)}, order ${project.orderLabel}`;
  const remaining = formatPrice(project.cost.remaining);
  return {
    subject,
    element: (
      <ShopMail context={context} preview={`${remaining} due for ${called(project)}`} heading={`Your invoice for ${called(project)}`} orderLabel={project.orderLabel}>
        <Text style={styles.text}>
          Thank you for your order. Here is your invoice for {called(project)}: {remaining} is due.
        </Text>
        <StaffMessage message={context.message} />
        <QuoteSummary project={project} />
        <Due project={project} />
        <Action href={url(context, `/invoice/${project.id}`)} label="View and pay your invoice" />
      </ShopMail>
    ),
  };
}

export function pauseMail(context: MailContext): MailTemplate {
  const project = projectOf(context);
  return {
    subject: `${called(project)} is paused (order ${project.orderLabel})`,
    element: (
      <ShopMail context={context} preview={`We have paused ${called(project)}`} heading={`${called(project)} is paused`} orderLabel={project.orderLabel}>
        <Text style={styles.text}>We have paused production of {called(project)}. We will write again as soon as it continues.</Text>
        <StaffMessage message={context.message} />
        <Action href={url(context, `/projects/editor/${project.id}`)} label="See your project" />
      </ShopMail>
    ),
  };
}

export function unpauseMail(context: MailContext): MailTemplate {
  const project = projectOf(context);
  return {
    subject: `${called(project)} is back in production (order ${project.orderLabel})`,
    element: (
      <ShopMail context={context} preview={`${called(project)} is back in production`} heading={`${called(project)} is back in production`} orderLabel={project.orderLabel}>
        <Text style={styles.text}>Good news: production of {called(project)} has resumed.</Text>
        <StaffMessage message={context.message} />
        <Due project={project} />
        <Action href={url(context, `/projects/editor/${project.id}`)} label="Follow your project" />
      </ShopMail>
    ),
  };
}

export function reminderMail(context: MailContext): MailTemplate {
  const project = projectOf(context);
  return {
    subject: `A reminder about ${called(project)} (order ${project.orderLabel})`,
    element: (
      <ShopMail context={context} preview={`A reminder about ${called(project)}`} heading={`A reminder about ${called(project)}`} orderLabel={project.orderLabel}>
        <Text style={styles.text}>Your project {called(project)} is waiting for you.</Text>
        <StaffMessage message={context.message} />
        <QuoteSummary project={project} />
        <Due project={project} />
        <Action href={url(context, `/projects/editor/${project.id}`)} label="Open your project" />
      </ShopMail>
    ),
  };
}

export function transferMail(context: MailContext): MailTemplate {
  const project = projectOf(context);
  return {
    subject: `${called(project)} is now yours (order ${project.orderLabel})`,
    element: (
      <ShopMail context={context} preview={`${called(project)} was transferred to you`} heading={`${called(project)} is now yours`} orderLabel={project.orderLabel}>
        <Text style={styles.text}>The project {called(project)} was transferred to your account.</Text>
        <StaffMessage message={context.message} />
        <QuoteSummary project={project} />
        <Action href={url(context, `/projects/editor/${project.id}`)} label="Open your project" />
      </ShopMail>
    ),
  };
}
