import { Carrier, Cents, ProductionState, ruleViolation, seedProducts, withPrices, type EmailTarget, type ItemPrice, type Project, type ProjectState } from '@shop/domain';
import { z } from 'zod';
import { mergedDraft, saveDraftIfChanged } from './draft-changes.js';
import { currentDraft, sameJson, type ProjectCommandInput } from './project-commands.js';
import { ProjectUpdateFields } from './project-schemas.js';

/** SPEC §3: the internal update is the update payload plus update_payment and send_email; the rest is ours. */
export const InternalUpdateBody = z.object({
  ...ProjectUpdateFields,
  production_state: ProductionState.optional(),
  production_time: z.number().int().optional(),
  due: z.string().max(30).optional(),
  fabric_arrived: z.literal(true).optional(),
  onsite_complete: z.literal(true).optional(),
  carrier: Carrier.nullable().optional(),
  tracking_number: z.string().max(100).nullable().optional(),
  reason: z.string().max(4000).optional(),
  message: z.string().max(8000).optional(),
  // Clients send `false` when no payment was taken (issue 15); only a payment object records one.
  update_payment: z
    .union([
      z.literal(false),
      z.object({ amount: Cents, partial: z.boolean().default(false), remaining: Cents.optional(), details: z.string().max(2000).optional() }),
    ])
    .optional()
    .describe('A payment received by other means (cheque, transfer), in cents; false (or leaving it out) means no payment was taken'),
  send_email: z.boolean().optional().describe('E-mail the customer about the state change (approval sends the invoice; pause and unpause their notices)'),
});
export type InternalUpdateBody = z.infer<typeof InternalUpdateBody>;

/**
 * Turns one internal update into the domain commands it stands for, in an order that makes
 * sense together: edit, price, production details, payment, then the state move.
 */
export function internalUpdateCommands(project: Project, body: InternalUpdateBody, customerEmail: () => EmailTarget | undefined): ProjectCommandInput[] {
  return [
    ...bodyChanges(project, body),
    ...productionChanges(project, body),
    ...(body.update_payment ? [{ type: 'RecordPayment' as const, ...body.update_payment }] : []),
    ...stateMove(project.state, body, body.send_email ? customerEmail : () => undefined),
  ];
}

/**
 * Drafts are edited in D and R; in R, prices on items and fabrics (and the shipping cost) are staff
 * pricing. One thing staff did is one entry in the audit log: a save that only prices is "Items
 * priced" alone (no "Design saved" beside it), and a save that changes no price and no design
 * (the approve button re-sends the pricing form) writes nothing before the state move.
 */
function bodyChanges(project: Project, body: InternalUpdateBody): ProjectCommandInput[] {
  const draft = mergedDraft(project, body, true);
  if (project.state !== 'R' || (body.fabrics === undefined && body.shipping_cost === undefined)) return saveDraftIfChanged(project, draft);
  const items: ItemPrice[] = draft.fabrics.flatMap((fabric) =>
    fabric.items.flatMap((item, itemIndex) =>
      item.unit_price === null || item.unit_price === undefined
        ? []
        : [{ fabricId: fabric.id, itemIndex, unit_price: item.unit_price, ...defined({ yardage: item.yardage, self_welt: item.self_welt, piping: item.piping, contrast_welt: item.contrast_welt }) }],
    ),
  );
  const fabrics = draft.fabrics.flatMap((fabric) => (typeof fabric.unit_price === 'number' ? [{ fabricId: fabric.id, unit_price: fabric.unit_price }] : []));
  const shippingCost = body.shipping_cost !== undefined ? { shippingCost: body.shipping_cost } : {};
  const pricedAsItWas = { ...currentDraft(project), fabrics: withPrices(project.fabrics, items, fabrics), shipping_cost: body.shipping_cost ?? project.shipping_cost };
  // The prices alone give the draft staff sent: the design is unchanged.
  const edits = sameJson(draft, pricedAsItWas) ? [] : saveDraftIfChanged(project, draft);
  const repriced = project.priced === null || !sameJson(pricedAsItWas, currentDraft(project));
  return [...edits, ...(repriced ? [{ type: 'PriceItems' as const, items, fabrics, ...shippingCost }] : [])];
}

function productionChanges(project: Project, body: InternalUpdateBody): ProjectCommandInput[] {
  return [
    ...(body.production_time !== undefined && body.production_time !== project.production_time ? [{ type: 'SetProductionTime' as const, weeks: body.production_time }] : []),
    ...(body.due !== undefined && body.due !== project.due ? [{ type: 'SetDueDate' as const, due: body.due }] : []),
    ...(body.fabric_arrived && project.fabric_arrived === null ? [{ type: 'MarkFabricArrived' as const }] : []),
    ...(body.onsite_complete && project.onsite_complete === null ? [{ type: 'CompleteOnsiteVisit' as const }] : []),
    ...(body.production_state !== undefined && project.state === 'I' ? [{ type: 'ChangeProductionState' as const, productionState: body.production_state }] : []),
  ];
}

/** The command that moves `from` to the requested state; P is reached by recording a payment. */
function stateMove(from: ProjectState, body: InternalUpdateBody, email: () => EmailTarget | undefined): ProjectCommandInput[] {
  const to = body.state;
  if (to === undefined || to === from) return [];
  const message = body.message ?? '';
  switch (`${from}>${to}`) {
    case 'D>R':
      return [{ type: 'SubmitForReview' }];
    case 'R>D':
    case 'A>D':
      return [{ type: 'ReturnToDraft', reason: body.reason ?? '' }];
    case 'R>A': {
      const target = email();
      return [{ type: 'Approve', products: seedProducts }, ...(target ? [{ type: 'SendInvoice' as const, email: target, message }] : [])];
    }
    case 'P>I':
      return [{ type: 'StartProduction' }];
    case 'P>PS':
    case 'I>PS':
      return [{ type: 'Pause', message, ...optionalEmail(email()) }];
    case 'PS>P':
    case 'PS>I':
      return [{ type: 'Unpause', message, ...optionalEmail(email()) }];
    case 'I>C':
      return [{ type: 'Complete' }];
    case 'C>S':
      return [{ type: 'Ship', carrier: body.carrier ?? null, trackingNumber: body.tracking_number ?? null }];
    default:
      if (to === 'X') return [{ type: 'Archive', reason: body.reason ?? '' }];
      if (to === 'P' && body.update_payment) return [];
      throw ruleViolation('ILLEGAL_TRANSITION', to === 'P' ? 'Record the payment with update_payment to mark a project paid.' : `A project in state ${from} cannot be moved to ${to}.`);
  }
}

const optionalEmail = (target: EmailTarget | undefined) => (target ? { email: target } : {});

function defined<T extends Record<string, unknown>>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], null | undefined> }> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], null | undefined> }>;
}
