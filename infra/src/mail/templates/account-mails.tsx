// @jsxRuntime automatic
// @jsxImportSource react
// (Pragmas: processes started with tsx from the repository root compile these files without infra's tsconfig, and the classic runtime would need React in scope.)
import { Text } from '@react-email/text';
import type { MailContext } from './mail-content.js';
import { Action, ShopMail, styles } from './mail-layout.js';
import type { MailTemplate } from './project-mails.js';

const url = (context: MailContext, path: string) => new URL(path, context.publicUrl).toString();

export function activationMail(context: MailContext): MailTemplate {
  return {
    subject: 'Activate your account',
    element: (
      <ShopMail context={context} preview="Activate your account" heading="Welcome! Activate your account">
        <Text style={styles.text}>Thank you for signing up. Open the link below to activate your account.</Text>
        <Action href={url(context, `/activation/${context.token}`)} label="Activate your account" />
        <Text style={styles.muted}>The link works once and expires in 7 days.</Text>
      </ShopMail>
    ),
  };
}

export function passwordResetMail(context: MailContext): MailTemplate {
  return {
    subject: 'Reset your password',
    element: (
      <ShopMail context={context} preview="Choose a new password" heading="Reset your password">
        <Text style={styles.text}>Choose a new password with the link below.</Text>
        <Action href={url(context, `/password-reset?token=${context.token}`)} label="Choose a new password" />
        <Text style={styles.muted}>The link works once and expires in an hour. If you did not ask for it, ignore this e-mail.</Text>
      </ShopMail>
    ),
  };
}

/** What the completion link will do, in the words of decision 0195. */
export function profileCompletionMail(context: MailContext): MailTemplate {
  const link = url(context, `/profile-completion/${context.token}`);
  const lasts = <Text style={styles.muted}>The link works once and expires in 30 days.</Text>;
  if (context.joins === 'account')
    return {
      subject: 'Add your project to your account',
      element: (
        <ShopMail context={context} preview="Add your project to your account" heading="Add your project to your account">
          <Text style={styles.text}>
            Your project is saved. This e-mail address already has an account with us: open this link to add the project to it, or log in from the browser where you saved it.
          </Text>
          <Action href={link} label="Add the project to my account" />
          {lasts}
        </ShopMail>
      ),
    };
  const intro =
    context.joins === 'registration'
      ? 'Your project is saved. A registration for this e-mail address is already under way (from another browser, perhaps): whichever link you open first makes the account, and this project joins it when you open this one too.'
      : 'Your project is saved. Complete your registration to keep working on it.';
  return {
    subject: 'Complete your registration',
    element: (
      <ShopMail context={context} preview="Complete your registration" heading="Complete your registration">
        <Text style={styles.text}>{intro}</Text>
        <Action href={link} label="Complete your registration" />
        {lasts}
      </ShopMail>
    ),
  };
}
