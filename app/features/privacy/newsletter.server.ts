// Blog newsletter sign-ups. Not shop data: visitors of the public site subscribe.
import { prisma } from "~/db.server";
import { isUniqueViolation } from "~/platform/prisma-errors";

/** Stores the address once; a second sign-up changes nothing. */
export async function subscribeToNewsletter(email: string, source = "blog"): Promise<{ created: boolean }> {
  try {
    await prisma.newsletterSubscriber.create({ data: { email, source } });
    return { created: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
}
