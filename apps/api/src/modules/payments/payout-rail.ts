/** What the payout rail needs to send one SPEI transfer. */
export interface PayoutOrder {
  paymentId: string;
  enterpriseId: string;
  trackingKey: string;
  amountMxn: bigint;
  beneficiaryName: string;
  clabe: string;
  concept: string;
}

/**
 * Where committed payments go to leave the platform (a bank's SPEI connection in
 * production). A rail reports back through `PaymentsService.completePayout` and
 * `PaymentsService.returnPayout`; payments it has not reported on stay PROCESSING, so an
 * order lost in a crash is found again among the PROCESSING rows.
 */
export interface PayoutRail {
  submit(order: PayoutOrder): Promise<void>;
  /**
   * True for a rail whose bank reports each transfer's outcome (STP's callbacks): the
   * sandbox's timer then settles nothing.
   */
  readonly reportsBack?: boolean;
}

/**
 * The built-in sandbox: it accepts every order and sends nothing. Its transfers complete
 * `payoutSettleSeconds` after they were made, when `PaymentsService.settleDuePayouts`
 * runs (every second once `startPayoutRail` is called).
 */
export class SandboxPayoutRail implements PayoutRail {
  async submit(_order: PayoutOrder): Promise<void> {}
}
