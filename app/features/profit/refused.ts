// A refused change to costs or ad spend that knows its HTTP answer: 404 for what is not the
// shop's, 409 for a state that forbids it (an import changed since, nothing to undo).
import type { HttpAnswerableError } from "~/platform/http.server";

/** A refusal that knows its HTTP answer: 404 for what is not the shop's, 409 for a state that forbids it. */
export class CostsRefused extends Error implements HttpAnswerableError {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "CostsRefused";
  }
  responseBody(): Record<string, unknown> {
    return { error: this.message, code: this.status === 404 ? "not_found" : "conflict" };
  }
}
