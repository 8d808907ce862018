import type { Router } from 'express';
import { z } from 'zod';
import { projectDecider, ProjectNotes, ProjectState, ShippingNotes, validateShippingNotes, validationFailed, type Actor, type Project, type ProjectCommand } from '@shop/domain';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { authorize, notesWithPaymentDetails, planPayment, recordPayment, type PaymentPlan } from './checkout-payment.js';
import { customerProject } from './project-answers.js';
import { sameJson, runProjectCommands, type ProjectCommandInput } from './project-commands.js';
import { ProjectParams, RevisionField } from './project-schemas.js';

/** SPEC §3: the checkout update carries only id, name, state, fabrics, notes, shipping_notes; `payment` is ours (docs/decisions/0042). */
const CheckoutBody = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(200).optional(),
  state: ProjectState.optional(),
  fabrics: z.array(z.unknown()).optional().describe('Accepted and ignored: fabrics cannot change at checkout'),
  notes: ProjectNotes.optional(),
  shipping_notes: ShippingNotes.optional(),
  payment: z
    .object({ token: z.string({ error: 'Please enter a card number.' }).regex(/^tok_\w{1,100}$/, 'Please enter a card number.') })
    .optional()
    .describe(
      "Pay now with the token the gateway's client-side widget made from the card (never a card number). " +
        'Sandbox test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
    ),
  revision: RevisionField,
});
type CheckoutBody = z.infer<typeof CheckoutBody>;

/** PUT /api/checkout/{id}/: checkout details, and paying (in full or a deposit) through the payment gateway. */
export function checkoutRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/checkout/:id/',
    summary: 'Update checkout details (name, notes, shipping) and optionally pay with `payment`',
    tag: 'checkout',
    access: 'customer',
    etag: true,
    input: { params: ProjectParams, body: CheckoutBody },
    handle: async ({ params, body }, { user, correlationId }) => {
      let paid: (PaymentPlan & { chargeId: string }) | null = null;
      const run = { user: user!, correlationId, expectedRevision: body.revision };
      let result: Awaited<ReturnType<typeof runProjectCommands>>;
      try {
        result = await runProjectCommands(deps, params.id, run, async (project, actor) => {
          const details = checkoutDetails(project, body);
          const commands: ProjectCommandInput[] = [...updateIfChanged(project, details)];
          if (!body.payment) return commands;
          requireAddress(details.shipping_notes);
          const wantsDeposit = body.notes?.payment_details?.partial_payment === true;
          const plan = planPayment(project, details.notes, details.shipping_notes, wantsDeposit);
          if (plan.partial) commands.splice(0, commands.length, ...updateIfChanged(project, { ...details, notes: notesWithPaymentDetails(details.notes, plan) }));
          // Decide before authorising, so a refused command never reserves money.
          dryRun(project, actor, [...commands, { type: 'RecordPayment', amount: plan.amount, partial: plan.partial, remaining: plan.remaining }]);
          const authorization = await authorize(deps.payments, plan, body.payment.token, params.id, `${params.id}:${correlationId}`);
          paid = { ...plan, chargeId: authorization.authorizationId };
          return [...commands, recordPayment(plan, authorization, deps.payments.name)];
        });
      } catch (error) {
        // The payment was not recorded (a concurrent edit, a refused command): release the money.
        const reserved = paid as (PaymentPlan & { chargeId: string }) | null;
        if (reserved) await deps.payments.voidAuthorization(reserved.chargeId);
        throw error;
      }
      // Recorded: the payment reactor captures the money from the event, retried and reconciled,
      // so a crash here leaves nothing half done (docs/decisions/0380).
      const recorded = paid as (PaymentPlan & { chargeId: string }) | null;
      return {
        ...customerProject(result.view, result.revision),
        payment_gateway: { name: deps.payments.name, test_mode: deps.payments.testMode },
        ...(recorded ? { payment: recorded } : {}),
      };
    },
  });
}

function checkoutDetails(project: Project, body: CheckoutBody) {
  return {
    name: body.name ?? project.name,
    notes: withoutStaffFields(body.notes ?? project.notes, project),
    shipping_notes: body.shipping_notes ?? project.shipping_notes,
  };
}

/** Tax exemption is staff's call (docs/decisions/0041). */
function withoutStaffFields(notes: ProjectNotes, project: Project): ProjectNotes {
  const { tax_exempt: _ignored, ...rest } = notes;
  return project.notes.tax_exempt === undefined ? rest : { ...rest, tax_exempt: project.notes.tax_exempt };
}

function updateIfChanged(project: Project, details: ReturnType<typeof checkoutDetails>): ProjectCommandInput[] {
  const current = { name: project.name, notes: project.notes, shipping_notes: project.shipping_notes };
  if (sameJson(details, current)) return [];
  requireAddress(details.shipping_notes);
  return [{ type: 'UpdateCheckout', ...details }];
}

/** SPEC §5: 'Please complete all address fields.' for each blank field (pick-up needs none). */
function requireAddress(shippingNotes: ShippingNotes): void {
  const problems = validateShippingNotes(shippingNotes);
  if (problems.length > 0) throw validationFailed(problems);
}

function dryRun(project: Project, actor: Actor, commands: ProjectCommandInput[]): void {
  const at = new Date(0).toISOString();
  let state: Parameters<typeof projectDecider.decide>[1] = { status: 'existing', project };
  for (const command of commands) {
    state = projectDecider.decide({ ...command, at, actor } as ProjectCommand, state).reduce(projectDecider.evolve, state);
  }
}
