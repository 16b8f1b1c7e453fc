// The inventory feature's refusals that are not field errors: 404 (not the caller's) and 409
// (an illegal purchase-order move). Routes map them to their status.
export class PoError extends Error {
  constructor(
    public readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "PoError";
  }
}
