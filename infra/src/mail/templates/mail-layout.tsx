// @jsxRuntime automatic
// @jsxImportSource react
// (Pragmas: processes started with tsx from the repository root compile these files without infra's tsconfig, and the classic runtime would need React in scope.)
// Each component from its own package: '@react-email/components' also loads Tailwind's compiler and
// a code highlighter these mails never use, seconds at every start of a process that can send mail.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MailContext } from './mail-content.js';

const colors = { ink: '#1f2933', muted: '#52606d', line: '#d9e2ec', accent: '#7b4b2a', page: '#f5f2ee' };

export const styles = {
  body: { backgroundColor: colors.page, color: colors.ink, fontFamily: 'Georgia, "Times New Roman", serif', margin: 0, padding: '16px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', margin: '0 auto', padding: '24px 20px', border: `1px solid ${colors.line}` },
  shopName: { fontSize: '14px', letterSpacing: '0.08em', textTransform: 'uppercase' as const, color: colors.accent, margin: '0 0 8px' },
  heading: { fontSize: '22px', lineHeight: '1.3', margin: '0 0 12px' },
  text: { fontSize: '16px', lineHeight: '1.5', margin: '0 0 12px' },
  muted: { fontSize: '13px', lineHeight: '1.5', color: colors.muted, margin: '0 0 4px' },
  message: { fontSize: '16px', lineHeight: '1.5', margin: '0 0 12px', padding: '8px 12px', borderLeft: `3px solid ${colors.accent}`, whiteSpace: 'pre-line' as const },
  button: { backgroundColor: colors.accent, color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontSize: '16px', textDecoration: 'none', display: 'inline-block' },
  hr: { borderColor: colors.line, margin: '20px 0' },
  cell: { fontSize: '14px', padding: '6px 4px', borderBottom: `1px solid ${colors.line}`, verticalAlign: 'top' as const },
  number: { fontSize: '14px', padding: '6px 4px', borderBottom: `1px solid ${colors.line}`, textAlign: 'right' as const, whiteSpace: 'nowrap' as const, verticalAlign: 'top' as const },
};

/** "Dear Ann Archer," or, for someone we know no name of, "Hello,". */
export const greeting = (name: string) => (name.trim() ? `Dear ${name.trim()},` : 'Hello,');

/** The frame of every mail: the shop's name, the greeting, the body, and who we are and how to reach us. */
export function ShopMail({ context, preview, heading, orderLabel, children }: { context: MailContext; preview: string; heading: string; orderLabel?: string | undefined; children: ReactNode }) {
  const { shop } = context;
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.shopName}>{shop.name}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {orderLabel && <Text style={styles.muted}>Order {orderLabel}</Text>}
          <Text style={styles.text}>{greeting(context.recipientName)}</Text>
          {children}
          <Hr style={styles.hr} />
          <Text style={styles.muted}>
            {shop.name}, {shop.address}
          </Text>
          <Text style={styles.muted}>
            Questions? Reply to this e-mail or write to {shop.replyTo}
            {orderLabel ? ` and mention order ${orderLabel}` : ''}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Staff's own words, when they wrote some. */
export function StaffMessage({ message }: { message: string | undefined }) {
  return message?.trim() ? <Text style={styles.message}>{message.trim()}</Text> : null;
}

/** The one thing to do, as a button; the link also written out for mail clients that hide buttons. */
export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={styles.button}>
        {label}
      </Button>
      <Text style={styles.muted}>Or open this link: {href}</Text>
    </Section>
  );
}
