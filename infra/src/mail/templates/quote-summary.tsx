// @jsxRuntime automatic
// @jsxImportSource react
// (Pragmas: processes started with tsx from the repository root compile these files without infra's tsconfig, and the classic runtime would need React in scope.)
import { formatPrice, type ShownCost } from '@shop/domain';
import { Section } from '@react-email/section';
import type { MailLine, MailProject } from './mail-content.js';
import { styles } from './mail-layout.js';

const costRows: Array<[keyof ShownCost, string]> = [
  ['labor', 'Labor'],
  ['fabric', 'Fabric'],
  ['subtotal', 'Subtotal'],
  ['tax', 'Tax'],
  ['shipping', 'Shipping'],
  ['total', 'Total'],
];

/**
 * The project's items with quantities and prices, then the totals with what is paid and what
 * remains: the quote of the summary page, narrow enough for a phone (three columns).
 */
export function QuoteSummary({ project }: { project: MailProject }) {
  const { cost } = project;
  const totals = costRows.filter(([key]) => key !== 'tax' || (cost.tax ?? 0) > 0);
  return (
    <Section>
      <table className="quote" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '8px 0 16px' }}>
        <thead>
          <tr>
            <th style={{ ...styles.cell, textAlign: 'left' }}>Item</th>
            <th style={styles.number}>Qty</th>
            <th style={styles.number}>Price</th>
          </tr>
        </thead>
        <tbody>
          {project.lines.map((line, index) => (
            <LineRow key={index} line={line} />
          ))}
          {totals.map(([key, label]) => (
            <tr key={key}>
              <td colSpan={2} style={{ ...styles.number, fontWeight: key === 'total' ? 700 : 400 }}>
                {label}
              </td>
              <td style={{ ...styles.number, fontWeight: key === 'total' ? 700 : 400 }}>{formatPrice(cost[key])}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={2} style={styles.number}>
              Paid
            </td>
            <td style={styles.number}>{formatPrice(cost.paid)}</td>
          </tr>
          <tr>
            <td colSpan={2} style={{ ...styles.number, fontWeight: 700 }}>
              Remaining
            </td>
            <td style={{ ...styles.number, fontWeight: 700 }}>{formatPrice(cost.remaining)}</td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}

function LineRow({ line }: { line: MailLine }) {
  return (
    <tr>
      <td style={styles.cell}>
        {line.item} ({line.fabric}), {formatPrice(line.unitPrice)} each
      </td>
      <td style={styles.number}>{line.quantity}</td>
      <td style={styles.number}>{formatPrice(line.price)}</td>
    </tr>
  );
}
