// Sends e-mail. Every message is recorded in the outbox; with SMTP_URL set it is
// also delivered over SMTP. A message with a dedupe key is sent at most once,
// however often the caller retries.
import type { Transporter } from "nodemailer";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { isUniqueViolation } from "~/platform/prisma-errors";
import { describeError } from "~/lib/log-safe";
import { senderFor } from "~/platform/mail-address";

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailInput = {
  shopId: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Same key, same message: a retry or double click sends nothing new. */
  dedupeKey?: string;
  /** The display name over MAIL_FROM's address: the shop's name for a shop's mail. */
  fromName?: string | null;
  /** Extra headers (List-Unsubscribe for marketing mail), recorded in the outbox too. */
  headers?: Record<string, string>;
};

let transporter: Promise<Transporter | null> | undefined;

// nodemailer is loaded with the first transport, not at boot: without SMTP_URL it is never
// needed, and it is memory every server process would hold (docs/decisions/070-server-memory.md).
async function createTransport(url: string | null | undefined): Promise<Transporter | null> {
  if (!url) return null;
  const { default: nodemailer } = await import("nodemailer");
  return nodemailer.createTransport(url);
}

function smtp(): Promise<Transporter | null> {
  transporter ??= createTransport(env.mail.smtpUrl);
  return transporter;
}

/** For tests: point delivery at another SMTP server (or none). */
export function setTransportForTests(url: string | null) {
  transporter = createTransport(url);
}

export async function sendMail(input: MailInput) {
  const from = senderFor(input.fromName, env.mail.from);
  const transport = await smtp();
  let message;
  try {
    message = await prisma.outboxMessage.create({
      data: {
        shopId: input.shopId,
        kind: input.kind,
        toAddress: input.to,
        fromAddress: from,
        subject: input.subject,
        text: input.text,
        html: input.html ?? null,
        attachments: input.attachments?.length
          ? JSON.stringify(
              input.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                size: a.content.length,
              })),
            )
          : null,
        headers: input.headers ? JSON.stringify(input.headers) : null,
        dedupeKey: input.dedupeKey ?? null,
        transport: transport ? "smtp" : "outbox",
        status: transport ? "sending" : "stored",
      },
    });
  } catch (error) {
    if (input.dedupeKey && isUniqueViolation(error)) {
      return {
        duplicate: true as const,
        message: await prisma.outboxMessage.findUnique({ where: { dedupeKey: input.dedupeKey } }),
      };
    }
    throw error;
  }
  if (!transport) return { duplicate: false as const, message };
  try {
    const info = await transport.sendMail({
      from,
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
      headers: input.headers,
      attachments: input.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    });
    message = await prisma.outboxMessage.update({
      where: { id: message.id },
      data: { status: "sent", sentAt: new Date(), messageId: info.messageId ?? null },
    });
  } catch (error) {
    // The SMTP server's own words stay in the server log; merchants see a plain reason.
    console.error(`[mail] delivery of outbox message ${message.id} failed: ${describeError(error)}`);
    message = await prisma.outboxMessage.update({
      where: { id: message.id },
      data: { status: "failed", error: "Delivery failed: the mail server did not accept the message." },
    });
  }
  return { duplicate: false as const, message };
}

export const OUTBOX_PAGE_SIZE = 25;

/** One page of the shop's outbox, newest first: what the list shows, without the bodies (loaded when opened). */
export async function outboxPage(shopId: string, requestedPage: number, pageSize = OUTBOX_PAGE_SIZE) {
  const total = await prisma.outboxMessage.count({ where: { shopId } });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await prisma.outboxMessage.findMany({
    where: { shopId },
    select: { id: true, kind: true, toAddress: true, subject: true, status: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
  return { rows, total, page, pageCount };
}

/** One of the shop's messages with its bodies, or null (another shop's id included). */
export function outboxMessage(shopId: string, id: string) {
  return prisma.outboxMessage.findFirst({ where: { id, shopId } });
}
