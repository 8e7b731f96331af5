/**
 * Why a value typed by a user (or sent in a request) cannot be read. The reason doubles
 * as the zod issue message of the shared schemas, so the web form and the API's 400
 * answer name the same problem.
 */
export type DomainInputReason =
  | 'NOT_A_NUMBER'
  | 'NOT_FINITE'
  | 'EXPONENT_NOT_ALLOWED'
  | 'TOO_MANY_DECIMALS'
  | 'OUT_OF_RANGE'
  | 'NOT_POSITIVE'
  | 'NEGATIVE'
  | 'INVALID_DATE';

export class DomainInputError extends Error {
  override readonly name = 'DomainInputError';
  readonly reason: DomainInputReason;

  constructor(reason: DomainInputReason, message?: string) {
    super(message ?? reason);
    this.reason = reason;
  }
}
